// The schemas an endpoint names, at run time: for the server, which parses with them. Clients never import this
// module, so naming a schema in ENDPOINTS adds nothing to the web's bundle.
import type { z } from 'zod';
import { reportQuerySchema } from '../report';
import * as schemas from '../schemas';
import type { SchemaRef } from './define';

const BY_NAME: Readonly<Record<string, z.ZodType | undefined>> = { ...schemas, reportQuerySchema } as unknown as Record<string, z.ZodType>;

/** The schema an endpoint's `body` or `query` names (or is), or undefined when it declares none. */
export function schemaOf(ref: SchemaRef | undefined): z.ZodType | undefined {
  if (ref === undefined || typeof ref !== 'string') return ref;
  const schema = BY_NAME[ref];
  if (!schema) throw new Error(`No shared schema is named ${ref}.`);
  return schema;
}
