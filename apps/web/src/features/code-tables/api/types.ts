/** A code table (代码表) as the server lists it. */
export interface Codes {
  id: string;
  code: string;
  name: string;
  name_en: string;
  description: string;
  order: number;
  create_time: string;
  items_count: number;
}

/** An item of a code table: the contract's fields plus the English name and its table's code. */
export interface CodeItem {
  id: string;
  codes_id: string;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_description: string;
  item_index: number;
  item_level: number;
  item_parent: string;
  create_time: string;
  code: string;
}

/** A code item's geographic location. */
export interface CodeLocation {
  id: string;
  code_item_id: string;
  latitude: number;
  longitude: number;
  address: string;
  address_en: string;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_parent: string;
  codes_id: string;
  code: string;
}
