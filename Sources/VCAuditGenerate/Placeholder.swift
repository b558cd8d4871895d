// VCAuditGenerate
