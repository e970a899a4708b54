import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import { provideResourceFeedback } from '../resources/resources.feedback.ts';
import * as evaluations from './evaluations.service.ts';

// Resources show likes and evaluations without importing this module (resources.feedback.ts).
provideResourceFeedback(evaluations.resourceStats);

const page = <T extends { id: string }>(p: { rows: T[]; total: number; offset: number }) =>
  connection(p.rows, p.total, p.offset);

export const evaluationsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'evaluations.graphql'),
  resolvers: {
    Query: {
      findAppointmentEvaluateAllByResources: async (_, { resourcesId, ...args }, { ctx }) =>
        page(await evaluations.listResourceEvaluates(ctx, resourcesId, args)),
      findAppointmentEvaluateAllForAccount: async (_, args, { ctx }) =>
        page(await evaluations.listOwnEvaluates(ctx, args)),
      findAppointmentEvaluateAll: async (_, args, { ctx }) => page(await evaluations.listEvaluates(ctx, args)),
      findAppointmentEvaluate: async (_, { id }, { ctx }) => evaluations.getEvaluate(ctx, id),
      findAppointmentEvaluateAverage: async (_, { resourcesIdList }, { ctx }) =>
        evaluations.evaluateAverages(ctx, resourcesIdList),
    },
    Mutation: {
      saveAppointmentEvaluate: async (_, { model }, { ctx }) =>
        ok({ ids: [await evaluations.saveEvaluate(ctx, model)] }),
      deleteAppointmentEvaluate: async (_, { id }, { ctx }) => ok({ ids: [await evaluations.deleteEvaluate(ctx, id)] }),
      batchDeleteAppointmentEvaluate: async (_, { ids }, { ctx }) =>
        ok({ ids: await evaluations.batchDeleteEvaluates(ctx, ids) }),
      updateAppointmentEvaluateState: async (_, { id, state }, { ctx }) =>
        ok({ ids: [await evaluations.setEvaluateState(ctx, id, state)] }),
      replyAppointmentEvaluate: async (_, { id, reply_content }, { ctx }) =>
        ok({ ids: [await evaluations.replyEvaluate(ctx, id, reply_content)] }),
    },
  },
};

export const resourcesLikeGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'evaluations.likes.graphql'),
  resolvers: {
    Query: {
      findResourcesLikeAllForAccount: async (_, args, { ctx }) => page(await evaluations.listLikes(ctx, args)),
    },
    Mutation: {
      saveResourcesLike: async (_, { resourcesId }, { ctx }) =>
        ok({ ids: [await evaluations.saveLike(ctx, resourcesId)] }),
      deleteResourcesLike: async (_, { resourcesId }, { ctx }) => {
        const id = await evaluations.removeLike(ctx, resourcesId);
        return ok({ ids: id ? [id] : [] });
      },
    },
  },
};
