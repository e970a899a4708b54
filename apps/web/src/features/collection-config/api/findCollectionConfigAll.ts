import { queryOptions, useQuery } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';

export const findCollectionConfigAllDocument = /* GraphQL */ `
  query findCollectionConfigAll($filter: CollectionConfigFilterMap) {
    findCollectionConfigAll(filter: $filter) {
      id
      resource_type_id
      field_name
      label_zh
      label_en
      field_type
      options {
        value
        label_zh
        label_en
      }
      required
      order_num
      enabled
      create_time
    }
  }
`;

export const COLLECTION_FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'phone', 'email'] as const;
export type CollectionFieldType = (typeof COLLECTION_FIELD_TYPES)[number];

export interface CollectionOption {
  value: string;
  label_zh: string;
  label_en: string;
}

/** An extra field the booking form collects for a resource type. */
export interface CollectionConfig {
  id: string;
  resource_type_id: string;
  field_name: string;
  label_zh: string;
  label_en: string;
  field_type: CollectionFieldType;
  options: CollectionOption[];
  required: boolean;
  order_num: number;
  enabled: boolean;
  create_time: string;
}

export interface CollectionConfigFilter {
  resource_type_id?: { eq?: string };
}

export const findCollectionConfigAllQueryOptions = (filter: CollectionConfigFilter = {}) =>
  queryOptions({
    queryKey: ['findCollectionConfigAll', filter],
    queryFn: async () =>
      (
        await gql<{ findCollectionConfigAll: CollectionConfig[] | null }>(
          'apps_yy_sys',
          findCollectionConfigAllDocument,
          { filter },
        )
      ).findCollectionConfigAll ?? [],
  });

export const useFindCollectionConfigAll = (filter: CollectionConfigFilter = {}) =>
  useQuery(findCollectionConfigAllQueryOptions(filter));
