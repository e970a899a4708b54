import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { visitorSwitches, type VisitorSwitches } from '../switches.ts';
import { visitorKeys, type CategoryConfig } from '../types.ts';

export const findVisitorCategoryConfigDocument = /* GraphQL */ `
  query findVisitorCategoryConfig {
    findVisitorCategoryConfig {
      overallSettings {
        id
        is_welcome_setting
        welcome_content
        sys_name
        banner_img
        in_school_name
        is_visitor_qr_code
        is_visitor_infor
        visitor_infor_cotent
      }
      detailSettings {
        visitor_type
        visitor_type_name
        visitor_type_name_en
        is_invite_school_flow_path
        is_enable
      }
      areas {
        id
        resources_name
        resources_name_en
        campus_name
        building_name
        available_number
      }
    }
  }
`;

/** The overall settings, the offered visitor types and the areas taking visitors. */
export async function findVisitorCategoryConfig(): Promise<CategoryConfig> {
  const data = await gql<{ findVisitorCategoryConfig: CategoryConfig | null }>(
    'apps_yy_sys',
    findVisitorCategoryConfigDocument,
  );
  return data.findVisitorCategoryConfig ?? { overallSettings: null, detailSettings: [], areas: [] };
}

export const findVisitorCategoryConfigQueryOptions = () =>
  queryOptions({ queryKey: visitorKeys.config(), queryFn: findVisitorCategoryConfig, staleTime: 60_000 });

/** `enabled` false: not asked (a screen that needs it only sometimes). */
export const useVisitorCategoryConfig = (enabled = true) =>
  useQuery({ ...findVisitorCategoryConfigQueryOptions(), enabled });

/**
 * The overall settings' two switches the phone pages follow (see `visitorSwitches`): undefined
 * while the settings load.
 */
export function useVisitorSwitches(enabled = true): Partial<VisitorSwitches> {
  const config = useVisitorCategoryConfig(enabled);
  if (config.isPending) return {};
  return visitorSwitches(config.data);
}
