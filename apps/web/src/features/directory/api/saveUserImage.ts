import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import type { UserImage } from './findUserImage.ts';

export const saveUserImageDocument = /* GraphQL */ `
  mutation saveUserImage($model: InputUserImage!) {
    saveUserImage(model: $model) {
      account
      image
      create_time
    }
  }
`;

export interface SaveUserImageInput {
  account: string;
  /** An upload's uri, an http(s) URL or an image data URI. */
  image: string;
}

export async function saveUserImage(model: SaveUserImageInput): Promise<UserImage | null> {
  return (await gql<{ saveUserImage: UserImage | null }>('iam', saveUserImageDocument, { model })).saveUserImage;
}

/** Saves the user's avatar; every view of it (findUserImage) reloads afterwards. */
export function useSaveUserImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['findUserImage'] }),
  });
}
