import { templateNameOf, whatsAppTemplateSchema, type WhatsAppTemplate } from '@kreechat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { addSubmittedTemplate, type SubmitTemplateBody } from '@/features/admin-settings/lib/whatsapp-templates';
import { whatsAppTemplatesQueryKey } from './get-whatsapp-templates';

/** POST /api/submit-whatsapp-template {template_title, template_text, language}: Meta reviews it (up to 24 h). */
export const submitWhatsAppTemplate = (body: SubmitTemplateBody): Promise<unknown> =>
  api.post('/submit-whatsapp-template', body);

/**
 * The template as the list shows it right after submission: PENDING (SPEC §3), with whatever of Graph's answer
 * (`{id, status, category}`) the server passed on.
 */
function submittedTemplate(body: SubmitTemplateBody, answer: unknown): WhatsAppTemplate {
  const given = whatsAppTemplateSchema.partial().safeParse(answer);
  const known = given.success ? given.data : {};
  const name = templateNameOf(body.template_title);
  const language = body.language ?? known.language ?? '';
  return {
    id: known.id ?? `submitted:${name}:${language}`,
    name: known.name ?? name,
    category: known.category ?? '',
    status: known.status ?? 'PENDING',
    language,
    body: body.template_text,
  };
}

export function useSubmitWhatsAppTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWhatsAppTemplate,
    onSuccess: async (answer, body) => {
      await queryClient.cancelQueries({ queryKey: whatsAppTemplatesQueryKey });
      queryClient.setQueryData<WhatsAppTemplate[]>(whatsAppTemplatesQueryKey, (list) =>
        addSubmittedTemplate(list, submittedTemplate(body, answer)),
      );
      // Stale for the next visit, not read now: Meta may list a new template a moment later, and until then a
      // fresh read would drop the row the admin just created.
      void queryClient.invalidateQueries({ queryKey: whatsAppTemplatesQueryKey, refetchType: 'none' });
    },
  });
}
