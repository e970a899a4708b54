import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../lib/graphql.ts';
import type { OperationResult } from '../../lib/operation-result.ts';
import { assertOk } from '../notices/api/result.ts';
import {
  CLOUD_MEETING_FIELDS,
  meetingKeys,
  type CloudMeeting,
  type CloudMeetingFilter,
  type CloudMeetingSettings,
  type CloudMeetingSettingsInput,
  type Connection,
  type WhitelistEntry,
} from './types.ts';

const RESULT_FIELDS = 'errcode msg msg_en ids';

export const findCloudMeetingAllDocument = /* GraphQL */ `
  query findCloudMeetingAll($first: Int, $offset: Int, $filter: CloudMeetingFilter) {
    findCloudMeetingAll(first: $first, offset: $offset, filter: $filter) {
      edges { node { ${CLOUD_MEETING_FIELDS} } }
      pageInfo { hasNextPage endCursor }
      totalCount
    }
  }
`;

export interface MeetingListVariables {
  first: number;
  offset: number;
  filter: CloudMeetingFilter;
}

/** Administrators: a page of the tenant's online meetings, newest start first. */
export async function findCloudMeetingAll(variables: MeetingListVariables): Promise<Connection<CloudMeeting>> {
  const data = await gql<{ findCloudMeetingAll: Connection<CloudMeeting> | null }>(
    'apps_yy_sys',
    findCloudMeetingAllDocument,
    { ...variables },
  );
  return data.findCloudMeetingAll ?? { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}

export function useCloudMeetings(variables: MeetingListVariables) {
  return useQuery(
    queryOptions({
      queryKey: meetingKeys.list(variables),
      queryFn: () => findCloudMeetingAll(variables),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** Every meeting the filter finds (the export), a thousand at a time. */
export async function allCloudMeetings(filter: CloudMeetingFilter): Promise<CloudMeeting[]> {
  const out: CloudMeeting[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await findCloudMeetingAll({ first: 1000, offset, filter });
    out.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage || offset > 100_000) return out;
  }
}

export const findCloudMeetingByAppointmentDocument = /* GraphQL */ `
  query findCloudMeetingByAppointment($appointmentId: String!) {
    findCloudMeetingByAppointment(appointmentId: $appointmentId) { ${CLOUD_MEETING_FIELDS} }
  }
`;

/**
 * A booking's online meeting (null when it has none). While it is pending it is asked again every
 * 15 seconds, so the number and link appear once the provider has made the meeting.
 */
export function useAppointmentMeeting(appointmentId: string | null | undefined) {
  return useQuery({
    queryKey: meetingKeys.ofAppointment(appointmentId ?? ''),
    queryFn: async () =>
      (
        await gql<{ findCloudMeetingByAppointment: CloudMeeting | null }>(
          'apps_yy_sys',
          findCloudMeetingByAppointmentDocument,
          { appointmentId },
        )
      ).findCloudMeetingByAppointment,
    enabled: !!appointmentId,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 15_000 : false),
  });
}

function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meetingKeys.all });
}

function mutation(name: string, args: string, selection = RESULT_FIELDS) {
  return /* GraphQL */ `mutation ${name}${args ? `(${args})` : ''} { ${name}${
    args ? `(${args.replace(/\$(\w+): [^,]+/g, '$1: $$$1')})` : ''
  } { ${selection} } }`;
}

async function run(name: string, args: string, variables: Record<string, unknown> = {}): Promise<OperationResult> {
  const data = await gql<Record<string, OperationResult | null>>('apps_yy_sys', mutation(name, args), variables);
  return assertOk(data[name]);
}

export const retryCloudMeeting = (id: string) => run('retryCloudMeeting', '$id: ID!', { id });
export const cancelCloudMeeting = (id: string) => run('cancelCloudMeeting', '$id: ID!', { id });
export const saveCloudMeetingSettings = (model: CloudMeetingSettingsInput) =>
  run('saveCloudMeetingSettings', '$model: InputCloudMeetingSettings!', { model });
export const testCloudMeetingConnection = () => run('testCloudMeetingConnection', '');
export const saveCloudMeetingIpWhiteList = (model: { address: string; description?: string }) =>
  run('saveCloudMeetingIpWhiteList', '$model: InputCloudMeetingIpWhiteList!', { model });
export const deleteCloudMeetingIpWhiteList = (id: string) => run('deleteCloudMeetingIpWhiteList', '$id: ID!', { id });

export function useRetryCloudMeeting() {
  const reload = useReload();
  return useMutation({ mutationFn: retryCloudMeeting, onSuccess: reload });
}
export function useCancelCloudMeeting() {
  const reload = useReload();
  return useMutation({ mutationFn: cancelCloudMeeting, onSuccess: reload });
}
export function useSaveCloudMeetingSettings() {
  const reload = useReload();
  return useMutation({ mutationFn: saveCloudMeetingSettings, onSuccess: reload });
}
export function useTestCloudMeetingConnection() {
  return useMutation({ mutationFn: testCloudMeetingConnection });
}
export function useAddWhitelistAddress() {
  const reload = useReload();
  return useMutation({ mutationFn: saveCloudMeetingIpWhiteList, onSuccess: reload });
}
export function useDeleteWhitelistAddress() {
  const reload = useReload();
  return useMutation({ mutationFn: deleteCloudMeetingIpWhiteList, onSuccess: reload });
}

export const findCloudMeetingSettingsDocument = /* GraphQL */ `
  query findCloudMeetingSettings {
    findCloudMeetingSettings {
      provider
      base_url
      app_id
      sdk_id
      secret_id
      userid
      secret_set
      callback_token_set
      default_jitsi_url
      default_jitsi_token
      wemeet_api_url
      callback_url
      updated_by
      update_time
    }
  }
`;

export function useCloudMeetingSettings() {
  return useQuery({
    queryKey: meetingKeys.settings,
    queryFn: async () =>
      (await gql<{ findCloudMeetingSettings: CloudMeetingSettings }>('apps_yy_sys', findCloudMeetingSettingsDocument))
        .findCloudMeetingSettings,
    retry: false,
  });
}

export const findWhitelistDocument = /* GraphQL */ `
  query findCloudMeetingIpWhiteListAll {
    findCloudMeetingIpWhiteListAll {
      id
      address
      description
      created_by
      create_time
    }
  }
`;

export function useWhitelist() {
  return useQuery({
    queryKey: meetingKeys.whitelist,
    queryFn: async () =>
      (await gql<{ findCloudMeetingIpWhiteListAll: WhitelistEntry[] | null }>('apps_yy_sys', findWhitelistDocument))
        .findCloudMeetingIpWhiteListAll ?? [],
    retry: false,
  });
}
