/**
 * Reads a declared attributes schema as a researcher reads a codebook: each attribute's name,
 * type, allowed values, whether every record has it, and its description (ADR 064). The
 * export's codebook and the Psych-DS metadata are written from this, never by hand.
 */
import type { z } from 'zod';

export interface AttributeInfo {
  readonly name: string;
  /** `number`, `integer`, `text`, `boolean`, `list of <type>`, `object`. */
  readonly type: string;
  /** The values a text attribute can hold, when it is a closed set. */
  readonly levels?: readonly string[];
  readonly minValue?: number;
  readonly maxValue?: number;
  /** Not every record of the game has it. */
  readonly optional: boolean;
  /** It may be null. */
  readonly nullable: boolean;
  readonly description: string;
}

interface Reading {
  type: string;
  levels?: readonly string[];
  minValue?: number;
  maxValue?: number;
  optional: boolean;
  nullable: boolean;
  description?: string;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
}

/** The type's name for the codebook. */
function typeName(schema: z.ZodType): string {
  const def = schema.def as { type: string; element?: z.ZodType };
  switch (def.type) {
    case 'number':
      return (schema as z.ZodNumber).format === 'safeint' ? 'integer' : 'number';
    case 'string':
    case 'enum':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'array':
      return def.element ? `list of ${typeName(unwrap(def.element).schema)}` : 'list';
    default:
      return 'object';
  }
}

/** Peels optional, nullable and default off, noting them and the first description met. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean; nullable: boolean; description?: string } {
  let current = schema;
  let optional = false;
  let nullable = false;
  let description = current.description;
  for (;;) {
    const def = current.def as { type: string; innerType?: z.ZodType };
    if (!def.innerType || !['optional', 'nullable', 'default'].includes(def.type)) break;
    if (def.type === 'optional' || def.type === 'default') optional = true;
    if (def.type === 'nullable') nullable = true;
    current = def.innerType;
    description ??= current.description;
  }
  return { schema: current, optional, nullable, ...(description === undefined ? {} : { description }) };
}

function read(schema: z.ZodType): Reading {
  const inner = unwrap(schema);
  const def = inner.schema.def as { type: string; entries?: Record<string, string> };
  const number = def.type === 'number' ? (inner.schema as z.ZodNumber) : null;
  const minValue = finite(number?.minValue);
  const maxValue = finite(number?.maxValue);
  return {
    type: typeName(inner.schema),
    ...(def.type === 'enum' && def.entries ? { levels: Object.values(def.entries) } : {}),
    ...(minValue === undefined ? {} : { minValue }),
    ...(maxValue === undefined ? {} : { maxValue }),
    optional: inner.optional,
    nullable: inner.nullable,
    ...(inner.description === undefined ? {} : { description: inner.description }),
  };
}

/** Every attribute of a declared attributes schema, in declaration order. */
export function describeAttributes(schema: z.ZodObject): AttributeInfo[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...reading } = read(field as z.ZodType);
    return { name, ...reading, description: description ?? '' };
  });
}
