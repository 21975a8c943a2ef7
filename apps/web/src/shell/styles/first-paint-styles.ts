/**
 * Mantine's CSS for the first paint of every home: the base (reset, CSS variables, global
 * rules) and the components the shell (header, footer, status boxes, chunk gate) and the
 * sub-app homes render. Imported once by main.tsx, so it is the one render-blocking stylesheet.
 * Everything else Mantine draws (forms, modals, menus, tables, games) is in later-styles.ts.
 * Rather than the whole `@mantine/core/styles.css` (≈250 KB, most of it unused on a home):
 * ADR 012. A component missing from both lists renders unstyled: add it to the list of the
 * screen that first shows it. Order matters: a component comes after those it is built on.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
// The header's language switch is a NativeSelect: an input with the combobox chevron.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
// The prerendered login dialog (ADR 075) opens before the live page: its Modal, the password
// input (with its ActionIcon toggle) and its native frame must be styled from the first paint.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '../static-answer/static-dialog.css';
