// VCAuditReplay
