/**
 * multipart/form-data bodies (@fastify/multipart), for the routes that declare
 * `config.formData` — product photos. The form is read in full before the gate's store scope
 * and the route's schema see the body: its text fields become `request.body` in the JSON shape
 * (the route's `toBody`), its files `request.formFiles`. So a form is checked exactly like the
 * JSON it stands for — store_id, every field, the same messages. Any other route still answers
 * a multipart body with 415, and nobody's form is read before the gate has let them in
 * (onRequest runs first).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from './errors';

export interface FormDataOptions {
  /** The one field files may come in (repeatable). */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The text fields, as sent (strings; a repeated field an array), in the route's JSON shape. */
  toBody: (fields: Record<string, unknown>) => Record<string, unknown>;
  tooManyFiles: () => AppError;
  fileTooLarge: () => AppError;
}

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    formData?: FormDataOptions;
  }
  interface FastifyRequest {
    /** The files of a multipart request, in the order sent; empty for JSON. */
    formFiles: UploadedFile[] | null;
  }
}

const LIMITS = {
  fieldNameSize: 100,
  // The longest product text is 2,000 characters; a longer value is refused, never cut.
  fieldSize: 64 * 1024,
  fields: 50,
  parts: 100,
  headerPairs: 100,
};

const unsupported = () =>
  new AppError(415, 'request.unsupported_media_type', 'Unsupported content type');
const invalidForm = () =>
  badRequest('request.invalid_form_data', 'Request body is not valid form data');

/** The files of a request (none for a JSON body). */
export function formFilesOf(request: FastifyRequest): UploadedFile[] {
  return request.formFiles ?? [];
}

function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else
    fields[name] = Array.isArray(previous)
      ? [...(previous as unknown[]), value]
      : [previous, value];
}

async function readForm(request: FastifyRequest, options: FormDataOptions) {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: UploadedFile[] = [];
  const parts = request.parts({
    limits: { ...LIMITS, files: options.maxFiles, fileSize: options.maxFileBytes },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw invalidForm();
      addField(fields, part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== options.fileField) {
      throw badRequest(
        'request.unexpected_file',
        `Files are accepted only in the field '${options.fileField}'`,
      );
    }
    const data = await part.toBuffer();
    // A browser sends an empty, nameless file for a file input left empty.
    if (data.length === 0 && !part.filename) continue;
    files.push({ filename: part.filename, mimetype: part.mimetype, data });
  }
  return { fields: { ...fields }, files };
}

export const formDataPlugin = fp(async (app: FastifyInstance) => {
  // Limits are set per request in readForm (from the route's options).
  await app.register(fastifyMultipart, { limits: LIMITS });
  app.decorateRequest('formFiles', null);

  // Registered before the access plugin's store scope, which reads store_id from the body.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const options = request.routeOptions.config.formData;
    if (!options) throw unsupported();
    try {
      const { fields, files } = await readForm(request, options);
      request.body = options.toBody(fields);
      request.formFiles = files;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_FILES_LIMIT') throw options.tooManyFiles();
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw options.fileTooLarge();
      // Malformed parts, too many fields, a __proto__ field name, a body cut short.
      request.log.debug({ err: error }, 'Unreadable form data');
      throw invalidForm();
    }
  });
});
