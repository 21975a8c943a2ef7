/**
 * Mantine's CSS for what no home shows at first paint: forms, modals, menus, tabs, tables'
 * scroll areas, the games' progress and steppers. main.tsx loads it right after the first
 * render starts, without blocking it; the modal host and lazy pages arrive later than it.
 * The first-paint list (first-paint-styles.ts) comes before it in the cascade.
 */
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Mark.css';
// TagsInput and MultiSelect: their field is a PillsInput of Pills.
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
