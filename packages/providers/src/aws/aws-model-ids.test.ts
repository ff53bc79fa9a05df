import { describe, expect, it } from 'vitest';
import { awsDescriptor } from './aws-descriptor';
import { bedrockClaudeModelNames, bedrockGeography, bedrockModelId } from './aws-model-ids';

describe('bedrockModelId', () => {
  it('maps Claude names to Bedrock ids with the region geography prefix where a profile exists', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'us-east-1')).toBe('us.anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'ap-northeast-1')).toBe('apac.anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-sonnet-4-20250514', 'eu-west-1')).toBe('eu.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(bedrockModelId('claude-haiku-4-5-20251001', 'us-west-2')).toBe('us.anthropic.claude-haiku-4-5-20251001-v1:0');
  });

  it('keeps the plain id where the geography has no profile for the model', () => {
    expect(bedrockModelId('claude-3-5-sonnet-20241022', 'eu-central-1')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(bedrockModelId('claude-opus-4-1-20250805', 'eu-west-1')).toBe('anthropic.claude-opus-4-1-20250805-v1:0');
    expect(bedrockModelId('claude-3-haiku-20240307', 'ca-central-1')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(bedrockModelId('claude-3-haiku-20240307', 'us-gov-west-1')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('passes Bedrock ids, inference profiles, ARNs and unknown names unchanged', () => {
    expect(bedrockModelId('anthropic.claude-3-haiku-20240307-v1:0', 'us-east-1')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(bedrockModelId('eu.anthropic.claude-3-7-sonnet-20250219-v1:0', 'us-east-1')).toBe('eu.anthropic.claude-3-7-sonnet-20250219-v1:0');
    expect(bedrockModelId('global.anthropic.claude-sonnet-4-5-20250929-v1:0', 'us-east-1')).toBe('global.anthropic.claude-sonnet-4-5-20250929-v1:0');
    const arn = 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3d4e5f6';
    expect(bedrockModelId(arn, 'us-east-1')).toBe(arn);
    expect(bedrockModelId('my-fine-tune', 'us-east-1')).toBe('my-fine-tune');
  });

  it('reads the geography from the region name', () => {
    expect(bedrockGeography('us-east-2')).toBe('us');
    expect(bedrockGeography('eu-north-1')).toBe('eu');
    expect(bedrockGeography('ap-southeast-2')).toBe('apac');
    expect(bedrockGeography('sa-east-1')).toBeUndefined();
  });

  it('maps every default model of the channel type', () => {
    for (const model of awsDescriptor.defaultModels) {
      expect(bedrockClaudeModelNames).toContain(model);
      expect(bedrockModelId(model, 'us-east-1')).toMatch(/^us\.anthropic\.claude-/);
    }
  });
});
