import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveResourcesType } from '../../../../../features/resource-types/api/saveResourcesType.ts';
import type { ResourcesType } from '../../../../../features/resource-types/api/types.ts';
import { useUpdateResourcesType } from '../../../../../features/resource-types/api/updateResourcesType.ts';
import { toModel, type ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { errorText } from '../../../operation-result.ts';

/** Saves the form's values as a new type (`type` null) or as the edited one; says saved and closes, or the reason. */
export function useTypeFormSubmit(type: ResourcesType | null, onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveResourcesType();
  const update = useUpdateResourcesType();

  const submit = async (values: ResourcesTypeFormValues) => {
    const model = toModel(values, type?.id ?? null);
    try {
      await (type ? update.mutateAsync(model) : save.mutateAsync(model));
      void message.success(t('resourceTypes.message.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return { submit, saving: save.isPending || update.isPending };
}
