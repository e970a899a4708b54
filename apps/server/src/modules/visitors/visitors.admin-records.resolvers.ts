import { readSdl } from '../../platform/graphql/endpoint.ts';
import { connection, ok } from '../../platform/graphql/results.ts';
import type { GraphqlContribution } from '../../platform/graphql/types.ts';
import * as entries from './visitors.admin-entries.service.ts';
import * as records from './visitors.admin-records.service.ts';

const page = <T extends { id: string }>(p: { rows: T[]; total: number; offset: number }) =>
  connection(p.rows, p.total, p.offset);

/** The visitor back office's records: visitor records, import, cars and gate entries. */
export const visitorAdminRecordsGraphql: GraphqlContribution<'apps_yy_sys'> = {
  endpoint: 'apps_yy_sys',
  typeDefs: readSdl(import.meta.url, 'visitors.admin-records.graphql'),
  resolvers: {
    Query: {
      findVisitorRegistrationEntityList: async (_, args, { ctx }) => page(await records.listRecords(ctx, args)),
      findVisitorEntityList: async (_, args, { ctx }) => page(await records.listRecords(ctx, args)),
      findVisitorCarList: async (_, args, { ctx }) => page(await entries.listCars(ctx, args)),
      findVisitorListEntityList: async (_, args, { ctx }) => page(await entries.listEntries(ctx, args)),
      findVisitorListSummary: async (_, { date }, { ctx }) => entries.entrySummary(ctx, date),
    },
    Mutation: {
      addVisitorInfo: async (_, { model }, { ctx }) => ok({ ids: [await records.addRecord(ctx, model)] }),
      updateVisitorInfo: async (_, { id, model }, { ctx }) => ok({ ids: [await records.updateRecord(ctx, id, model)] }),
      batchUpdateVisitorInfo: async (_, { ids, is_valid, person_type }, { ctx }) =>
        ok({ ids: await records.batchUpdateRecords(ctx, ids, is_valid, person_type) }),
      deleteVisitorInfo: async (_, { id, cancelVisits }, { ctx }) =>
        ok({ ids: (await records.deleteRecords(ctx, [id], cancelVisits)).ids }),
      batchDeleteVisitorInfo: async (_, { ids, cancelVisits }, { ctx }) =>
        ok({ ids: (await records.deleteRecords(ctx, ids, cancelVisits)).ids }),
      importVisitorInfo: async (_, { models }, { ctx }) => records.importRecords(ctx, models),
      saveVisitorList: async (_, { model }, { ctx }) => ok({ ids: await entries.saveEntries(ctx, [model], 1) }),
      batchSaveVisitorList: async (_, { models }, { ctx }) => ok({ ids: await entries.saveEntries(ctx, models, 2) }),
      updateVisitorList: async (_, { model }, { ctx }) => ok({ ids: [await entries.updateEntry(ctx, model)] }),
      deleteVisitorList: async (_, { id }, { ctx }) => ok({ ids: await entries.deleteEntries(ctx, [id]) }),
      batchDeleteVisitorList: async (_, { ids }, { ctx }) => ok({ ids: await entries.deleteEntries(ctx, ids) }),
    },
  },
};
