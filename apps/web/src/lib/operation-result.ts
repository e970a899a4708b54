/** The contract's result of a mutation or check: errcode "0" is success. */
export interface OperationResult {
  errcode: string;
  msg: string;
  msg_en: string;
  ids?: string[];
}

/** The contract's `code/messages` result: code "0" is success. */
export interface MessagesResult {
  code: string;
  name: string;
  messages: string;
  messages_en: string;
}
