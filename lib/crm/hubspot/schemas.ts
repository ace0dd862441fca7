/*
 * The zod contract for the HubSpot answers read, after the pages named in ./paths.ts and the official
 * `@hubspot/api-client`'s codegen types (named per schema). Only the fields used are required; the rest passes through.
 */
import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const props = z.record(z.string(), z.string().nullable().optional());

/** `SimplePublicObject` (and `SimplePublicUpsertObject`). */
export const HubSpotObjectSchema = z.looseObject({ id, properties: props.default({}) });
export type HubSpotObjectRecord = z.output<typeof HubSpotObjectSchema>;

/**
 * The `results` of a `BatchResponse…` (200, or 207 with `errors`: the inputs that failed are missing from
 * `results`) and of a search's page (`CollectionResponseWithTotalSimplePublicObjectForwardPaging`).
 */
export const ResultsSchema = z.looseObject({ results: z.array(HubSpotObjectSchema) });

/** The v4 batch default association answer (`BatchResponseLabelsBetweenObjectPair`): not read. */
export const AssociationResponseSchema = z.looseObject({});

/** `GET /account-info/v3/details`. */
export const AccountDetailsSchema = z.looseObject({ portalId: z.number().int() });

/** `CollectionResponseProperty`: names are what a request writes. */
export const PropertiesSchema = z.looseObject({
  results: z.array(z.looseObject({ name: z.string(), label: z.string().optional(), groupName: z.string().optional() })),
});
/** One property (`Property`): an enumeration's options carry the labels the portal shows (`hs_lead_status`). */
export const PropertySchema = z.looseObject({
  name: z.string(),
  options: z.array(z.looseObject({ value: z.string(), label: z.string() })).optional(),
});

/** `CollectionResponsePublicOwnerForwardPaging`. */
export const OwnersSchema = z.looseObject({
  results: z.array(z.looseObject({ id, firstName: z.string().nullish(), lastName: z.string().nullish(), email: z.string().nullish() })),
});

/** HubSpot's error body (`Error` in the client's codegen): `category` tells e.g. MISSING_SCOPES. */
export const HubSpotErrorBodySchema = z.looseObject({ message: z.string().optional(), category: z.string().optional() });
