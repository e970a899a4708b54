import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as admin from './ballot.admin.ts';
import { collectEntry } from './ballot.collect.ts';
import { ballotDecidesDate, ballotSceneExtra, enterBallot } from './ballot.submit.ts';
import * as views from './ballot.views.ts';
import { submitStages } from '../booking/booking.submit.service.ts';

// The ballot collects submits to resources in ballot mode (booking.service's hook point).
submitStages.beforeInsert = enterBallot;
submitStages.sceneExtra = ballotSceneExtra;
submitStages.decidedElsewhere = ballotDecidesDate;
submitStages.collect = collectEntry;

export const ballotGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'ballot.graphql'),
  resolvers: {
    Query: {
      findBallotSettings: async (_, { resourcesIds, resourcesTypeIds }, { ctx }) =>
        views.settingsFor(ctx, resourcesIds, resourcesTypeIds),
      findBallotDateInfo: async (_, { resourcesId, date }, { ctx }) => views.dateInfo(ctx, resourcesId, date),
      findBallotEntriesForSelf: async (_, { appointmentIds }, { ctx }) => views.entriesForSelf(ctx, appointmentIds),
      findBallotDrawAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await admin.listDraws(ctx, args);
        return connection(nodes, total, offset);
      },
      findBallotDraw: async (_, { id }, { ctx }) => admin.drawDetail(ctx, id),
      findBallotResourceSettingAll: async (_, args, { ctx }) => {
        const { nodes, total, offset } = await admin.listResourceSettings(ctx, args);
        return connection(nodes, total, offset);
      },
    },
    Mutation: {
      saveBallotSetting: async (_, { model }, { ctx }) => {
        const saved = await admin.saveSetting(ctx, model);
        return ok({ ids: [saved.id] });
      },
      replayBallotDraw: async (_, { id }, { ctx }) => admin.replayOne(ctx, id),
      drawBallotNow: async (_, { resourcesId, date }, { ctx }) => {
        const d = await admin.drawNow(ctx, resourcesId, date);
        return {
          id: d.id,
          resources_id: d.resources_id,
          appointment_date: d.appointment_date,
          seed: d.seed,
          entries_count: d.entries_count,
          winners_count: d.winners_count,
          losers: d.losers,
        };
      },
    },
  },
};
