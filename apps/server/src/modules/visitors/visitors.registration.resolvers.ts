import { parse, print } from 'graphql';
import { readSdl } from '../../platform/graphql/endpoint.ts';
import { ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as registration from './visitors.registration.service.ts';

/** The SDL of the types `names` defined in another SDL file of this folder (a type two endpoints share). */
export function sharedTypes(file: string, names: readonly string[]): string {
  return parse(readSdl(import.meta.url, file))
    .definitions.filter((d) => 'name' in d && d.name && names.includes(d.name.value))
    .map((d) => print(d))
    .join('\n');
}

/** Visitor registration without sign-in (public endpoint): codes, registration, password reset, the page's settings. */
export const visitorRegistrationGraphql: GraphqlContribution<'public'> = {
  endpoint: 'public',
  typeDefs: `${sharedTypes('visitors.settings.graphql', ['VisitorRegistorFieldSettingEntity'])}\n${readSdl(import.meta.url, 'visitors.registration.graphql')}`,
  resolvers: {
    Query: {
      findRegisterFieldListForPublic: async (_, { tenantKey }, { ctx }) =>
        registration.publicRegisterFields(ctx, tenantKey),
      findVisitorPublicSettings: async (_, { tenantKey }, { ctx }) => registration.publicSettings(ctx, tenantKey),
    },
    Mutation: {
      sendVisitorVerificationCode: async (_, { phone, purpose, tenantKey }, { ctx }) => {
        await registration.sendCode(ctx, phone, purpose, tenantKey);
        return ok();
      },
      registerAccountForPublic: async (_, { model, tenantKey }, { ctx }) =>
        ok({ ids: [await registration.register(ctx, model, tenantKey)] }),
      resetVisitorPasswordForPublic: async (_, { phone, verification_code, password, tenantKey }, { ctx }) =>
        ok({ ids: [await registration.resetPassword(ctx, phone, verification_code, password, tenantKey)] }),
    },
  },
};
