// VCAuditSpec
