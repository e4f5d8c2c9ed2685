import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Brand } from '../brand';
import { LanguageSelect } from '../language-select';

interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** The signed-out pages: one centered card on a quiet background, language choice at hand. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: '64px 16px 24px',
        background: 'linear-gradient(180deg, #eef0ff 0%, #f7f8fa 60%)',
      }}
    >
      <div style={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageSelect testId="auth-language-select" width={140} />
      </div>
      <div style={{ marginBottom: 24 }}>
        <Brand />
      </div>
      <Card style={{ width: '100%', maxWidth: 420 }} styles={{ body: { padding: 32 } }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: description ? 4 : 24 }}>
          {title}
        </Typography.Title>
        {description && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
            {description}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </Flex>
  );
}
