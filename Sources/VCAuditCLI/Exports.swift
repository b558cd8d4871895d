/// The tool's version, for the root command's `--version`.
@_exported import enum VCAuditReplay.VCAuditVersion
