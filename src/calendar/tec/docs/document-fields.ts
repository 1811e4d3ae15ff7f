import { z } from 'zod';
import { componentId } from './plugin-schema';

/**
 * The `/docs` answer describing itself, as the plugin's document declares it: `OpenApiDocumentation` (the document)
 * and `OpenApiPath` (one path's GET operation). These two schemas write `type` before `description`
 * (TYPE_FIRST_ORDER).
 */

const text = (description: string) => z.string().meta({ description });
const object = <S extends z.ZodRawShape>(description: string, shape: S) => z.object(shape).partial().meta({ description });

const parameter = object('A parameter.', {
  name: text('The name of the parameter.'),
  in: text('The location of the parameter.'),
  required: z.boolean().meta({ description: 'Whether the parameter is required.' }),
  schema: z.record(z.string(), z.unknown()).meta({ description: 'The schema of the parameter.' }),
});

const jsonContent = object('The JSON content of the response.', {
  schema: object('The schema of the content.', { type: text('The type of the content.') }),
});

export const OpenApiPath = z
  .object({
    get: object('The GET method for the path.', {
      description: text('The description of the GET method.'),
      parameters: z.array(parameter).meta({ description: 'The parameters of the GET method.' }),
      responses: object('The responses of the GET method.', {
        200: object('The response for the GET method.', {
          content: object('The content of the response.', { 'application/json': jsonContent }),
        }),
      }),
    }),
  })
  .partial()
  .meta(componentId('OpenApiPath'));

export const OpenApiDocumentation = z
  .object({
    openapi: text('The OpenAPI version.'),
    info: object('The API info.', {
      title: text('The API title.'),
      version: text('The TEC REST API version.'),
      description: text('The API description.'),
      contact: object('The API contact.', {
        name: text('The name of the contact.'),
        email: text('The email of the contact.').meta({ format: 'email' }),
      }),
    }),
    components: object('The OpenAPI components.', { schemas: z.record(z.string(), z.unknown()).meta({ description: 'The OpenAPI schemas.' }) }),
    servers: z.array(object('A server.', { url: text('The server URL.').meta({ format: 'uri' }) })).meta({ description: 'The OpenAPI servers.' }),
    paths: object('The OpenAPI paths.', { OpenApiPath }),
  })
  .partial()
  .meta(componentId('OpenApiDocumentation'));
