// VCAuditRules
