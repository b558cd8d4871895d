// VCAuditReporters
