import { Button, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { contactApi } from '../../api/contact';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import {
  contactFields,
  contactLimits,
  emptyContact,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './schema';
import { charCount } from '../../lib/text';

// Mantine's default description and error colours are too light for AA contrast.
const inputStyles = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
  input: { color: 'var(--mantine-color-black)' },
};

// Off-screen, not display:none, so simple bots still fill it in.
const honeypotStyle: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

/**
 * ContactForm sends a message to the operators (POST /api/v1/contact). It
 * validates with the same rules as the server, shows each problem beside its
 * field (the server's field messages too), and confirms to the sender.
 */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<ContactValues>(emptyContact);
  // Field errors: a translation key from our schema, or a message from the server.
  const [errors, setErrors] = useState<Record<ContactField, { key?: string; text?: string } | undefined>>(
    {} as Record<ContactField, undefined>,
  );
  const [attempted, setAttempted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const refs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const honeypotId = useId();

  const send = useMutation({ mutationFn: contactApi.send });

  const setClientErrors = (e: ContactErrors) => {
    const next = {} as Record<ContactField, { key?: string } | undefined>;
    for (const f of contactFields) next[f] = e[f] ? { key: e[f] } : undefined;
    setErrors(next);
  };

  const change = (field: keyof ContactValues) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted && field !== 'website') {
      const result = validateContact(next);
      const key = result.ok ? undefined : result.errors[field as ContactField];
      setErrors((prev) => ({ ...prev, [field]: key ? { key } : undefined }));
    }
  };

  const focusFirst = (fields: ContactField[]) => {
    const first = contactFields.find((f) => fields.includes(f));
    if (first) refs.current[first]?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setSentTo(null);
    send.reset();
    const result = validateContact(values);
    if (!result.ok) {
      setClientErrors(result.errors);
      focusFirst(Object.keys(result.errors) as ContactField[]);
      return;
    }
    setClientErrors({});
    send.mutate(result.data, {
      onSuccess: () => {
        setSentTo(result.data.email);
        setValues(emptyContact);
        setAttempted(false);
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          const next = {} as Record<ContactField, { text?: string } | undefined>;
          for (const f of contactFields) next[f] = err.fields[f] ? { text: err.fields[f] } : undefined;
          setErrors(next);
          focusFirst(Object.keys(err.fields) as ContactField[]);
        }
      },
    });
  };

  const errorOf = (field: ContactField) => {
    const e = errors[field];
    if (!e) return undefined;
    if (e.text) return e.text;
    const limits = contactLimits[field] as { min?: number; max?: number };
    return t(`form.errors.${e.key}`, { min: limits.min ?? 1, max: limits.max });
  };

  const busy = send.isPending;
  const messageLength = charCount(values.message.trim());

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form">
      <Stack gap="md">
        {sentTo && (
          <Notice color="teal" title={t('form.successTitle')} data-testid="contact-success" role="status">
            <Text size="sm" c="gray.9">
              {t('form.success', { email: sentTo })}
            </Text>
          </Notice>
        )}
        {send.isError && (
          <Notice color="red" title={t('form.errorTitle')} data-testid="contact-error" role="alert">
            <Text size="sm" c="gray.9">
              {send.error instanceof ApiError && send.error.code === 'validation'
                ? t('form.fixFields')
                : apiErrorText(send.error, 'contact')}
            </Text>
          </Notice>
        )}
        <TextInput
          ref={(el) => {
            refs.current.name = el;
          }}
          name="name"
          label={t('form.name')}
          autoComplete="name"
          withAsterisk
          aria-required
          value={values.name}
          onChange={(e) => change('name')(e.currentTarget.value)}
          styles={inputStyles}
          error={errorOf('name')}
          disabled={busy}
        />
        <TextInput
          ref={(el) => {
            refs.current.email = el;
          }}
          name="email"
          type="email"
          label={t('form.email')}
          description={t('form.emailHint')}
          autoComplete="email"
          withAsterisk
          aria-required
          value={values.email}
          onChange={(e) => change('email')(e.currentTarget.value)}
          styles={inputStyles}
          error={errorOf('email')}
          disabled={busy}
        />
        <TextInput
          ref={(el) => {
            refs.current.subject = el;
          }}
          name="subject"
          label={t('form.subject')}
          withAsterisk
          aria-required
          value={values.subject}
          onChange={(e) => change('subject')(e.currentTarget.value)}
          styles={inputStyles}
          error={errorOf('subject')}
          disabled={busy}
        />
        <Textarea
          ref={(el) => {
            refs.current.message = el;
          }}
          name="message"
          label={t('form.message')}
          description={t('form.messageCount', { count: messageLength, max: contactLimits.message.max })}
          withAsterisk
          aria-required
          rows={7}
          resize="vertical"
          value={values.message}
          onChange={(e) => change('message')(e.currentTarget.value)}
          styles={inputStyles}
          error={errorOf('message')}
          disabled={busy}
        />
        <div style={honeypotStyle} aria-hidden="true">
          <label htmlFor={honeypotId}>{t('form.honeypot')}</label>
          <input
            id={honeypotId}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            value={values.website}
            onChange={(e) => change('website')(e.currentTarget.value)}
            data-testid="contact-honeypot"
          />
        </div>
        <div>
          <Button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            leftSection={busy ? <Loader size="xs" color="currentColor" aria-hidden /> : undefined}
            data-testid="contact-submit"
          >
            {busy ? t('form.sending') : t('form.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
