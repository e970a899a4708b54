import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { settingsKeys, type VisitorInfoField } from './types.ts';

export const findVisitorInfoFieldSettingsEntityListDocument = /* GraphQL */ `
  query findVisitorInfoFieldSettingsEntityList {
    findVisitorInfoFieldSettingsEntityList {
      id
      field_name
      field_label
      field_label_en
      field_type
      fieldTypeName
      fieldTypeName_en
      data_range
      is_visitor_valid_info
      is_visitor_required_info
      is_appointment_valid_info
      is_appointment_required_info
      is_show_school_info
      is_show_visit_record
      sort
    }
  }
`;

export const findVisitorInfoFieldSettingsEntityListQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.infoFields(),
    queryFn: async () =>
      (
        await gql<{ findVisitorInfoFieldSettingsEntityList: VisitorInfoField[] | null }>(
          'apps_yy_sys',
          findVisitorInfoFieldSettingsEntityListDocument,
        )
      ).findVisitorInfoFieldSettingsEntityList ?? [],
  });

/** Every information field, in order. */
export const useFindVisitorInfoFieldSettingsEntityList = () =>
  useQuery(findVisitorInfoFieldSettingsEntityListQueryOptions());
