import { memo } from 'react';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiField, ApiOperation } from './openapi-model';
import classes from './operation-card.module.css';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'grape', DELETE: 'red' };

/**
 * The landing lists ~100 of these cards with two tables each. They are plain elements styled by
 * operation-card.module.css (only the method keeps Mantine's Badge, for its contrast-checked
 * colours): the same cards as Mantine components (Paper, Stack, Title, Text, Table and a
 * ScrollArea per table) were the api home's longest task on a phone (ADR 032).
 */
function FieldTable({ caption, fields }: { caption: string; fields: readonly ApiField[] }) {
  const { t } = useTranslation('api');
  return (
    <div className={classes.fields}>
      <h4 className={classes.caption}>{caption}</h4>
      {fields.length === 0 ? (
        <p className={classes.dimmed}>{t('pages.noFields')}</p>
      ) : (
        // Focusable, so a keyboard user can scroll a table wider than a phone (axe: scrollable-region-focusable).
        <div className={classes.scroll} tabIndex={0} role="group" aria-label={caption}>
          <table className={classes.table} aria-label={caption}>
            <thead>
              <tr>
                <th scope="col">{t('pages.field')}</th>
                <th scope="col">{t('pages.type')}</th>
                <th scope="col">{t('pages.required')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => (
                <tr key={`${field.location}:${field.name}`}>
                  <td>
                    <code className={classes.code}>{field.name}</code>
                    {field.location === 'path' && <span className={classes.note}>{t('pages.idParameter')}</span>}
                  </td>
                  <td>
                    <code className={classes.code}>{field.type}</code>
                  </td>
                  <td>{field.required ? t('pages.yes') : t('pages.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** One call of the API: method and path as the heading, then its summary, access, input and output. */
export const OperationCard = memo(function OperationCard({ operation }: { operation: ApiOperation }) {
  const { t } = useTranslation('api');
  return (
    <article className={classes.card} aria-label={`${operation.method} ${operation.path}`}>
      <div className={classes.heading}>
        <Badge color={METHOD_COLORS[operation.method] ?? 'gray'} radius="sm" variant="filled">
          {operation.method}
        </Badge>
        <h3 className={classes.path}>{operation.path}</h3>
        <span className={classes.id}>{operation.id}</span>
      </div>
      {operation.summary && <p className={classes.text}>{operation.summary}</p>}
      <p className={classes.dimmed}>{t('pages.access', { access: operation.access })}</p>
      <FieldTable caption={t('pages.input')} fields={operation.input} />
      <FieldTable caption={t('pages.output')} fields={operation.output} />
    </article>
  );
});
