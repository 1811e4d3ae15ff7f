import type { PostTypeDefinition } from '../registry/post-type';
import type { EndpointDoc } from '../../http/routes';


/**
 * What /doc says about each route of a post-type resource beyond its arguments: the component it returns and the
 * plugin's response descriptions (Tribe__Events__REST__V1__Endpoints__Single_Event::get_documentation and its
 * siblings), worded for events, venues or organizers.
 */

export interface PostResourceDocs {
  list: EndpointDoc;
  create: EndpointDoc;
  read: EndpointDoc;
  update: EndpointDoc;
  delete: EndpointDoc;
}

export function postResourceDocs(def: PostTypeDefinition, bySlug: boolean): PostResourceDocs {
  const name = def.name;
  const component = name.charAt(0).toUpperCase() + name.slice(1);
  const article = name === 'event' || name === 'organizer' ? 'An' : 'A';
  const key = bySlug ? 'slug' : 'ID';
  return {
    list: {
      list: component,
      responses: {
        200: `Returns all the ${name === 'event' ? 'upcoming events' : def.restBase} matching the search criteria`,
        400: 'One or more of the specified query variables has a bad format',
        404: 'The requested page was not found.',
      },
    },
    create: {
      returns: component,
      responses: {
        201: `Returns the data of the created ${name}`,
        400: 'A required parameter is missing or an input parameter is in the wrong format',
        403: `The user is not authorized to create ${def.restBase}`,
      },
    },
    read: {
      returns: component,
      responses: {
        200: `Returns the data of the ${name} with the specified post ${key}`,
        400: `The ${name} post ${key} is missing.`,
        403: `The ${name} with the specified ${key} is not accessible.`,
        404: `${article} ${name} with the specified ${key} does not exist.`,
      },
    },
    update: {
      returns: component,
      responses: {
        200: `Returns the data of the updated ${name}`,
        400: 'A required parameter is missing or an input parameter is in the wrong format',
        403: `The user is not authorized to update this ${name}`,
      },
    },
    delete: {
      returns: component,
      responses: {
        200: `Deletes the ${name} and returns its data`,
        400: `The ${name} post ${key} is missing or does not exist.`,
        403: `The current user cannot delete the ${name} with the specified ${key}.`,
        410: `The ${name} with the specified ${key} has been deleted already.`,
        500: `The ${name} with the specified ${key} could not be deleted.`,
      },
    },
  };
}
