import CLibYAML

/// libyaml's bare event parse: initialize, parse every event, delete it; nothing else.
///
/// This is the floor the loaders are measured against: the same bytes, the
/// same parser, with no tree, no strings and no checks.
enum LibYAMLBaseline {
    /// Parses `bytes` to the end of the stream; returns the number of events, or -1 on a parse error.
    static func parse(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer -> Int in
            var parser = yaml_parser_t()
            var event = yaml_event_t()
            guard yaml_parser_initialize(&parser) == 1 else { return -1 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var events = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return -1 }
                events += 1
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if done { return events }
            }
        }
    }
}
