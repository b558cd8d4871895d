// VCAuditDiff
