// VCAuditCLI
