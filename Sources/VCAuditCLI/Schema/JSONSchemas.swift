import VCAuditRules
import VCAuditSpec
import VCAuditSupport

/// JSON Schemas (draft 2020-12) of spec format v1 and of `.vcaudit.yml`, rendered from `SpecVocabulary` and the
/// rule catalog: what the YAML language server needs to complete and check specs as they are typed.
///
/// They check what a schema can (keys, value types, choices, the one-key shape of steps); what needs the whole
/// spec (a reference to an undeclared controller, a navigation controller without a root) is `vcaudit check`'s.
enum JSONSchemas {
    /// Where the committed schemas are published (the `$id` of each).
    static let base = "https://raw.githubusercontent.com/vcaudit/vcaudit/main/Schemas/"
    static let draft = "https://json-schema.org/draft/2020-12/schema"

    // MARK: Spec

    static var spec: JSONValue {
        var definitions: [String: JSONValue] = [
            "controllerId": object(["type": .string("string"), "description": .string("a controller id declared under 'controllers:'")]),
            "controllerIdOrNull": object(["type": .array([.string("string"), .string("null")]),
                                          "description": .string("a controller id, or null")]),
            "controllerIds": object(["type": .string("array"), "items": ref("controllerId")]),
            "suppressions": object([
                "type": .string("array"),
                "description": .string("findings of these rules at this place are expected"),
                "items": mapping(SpecVocabulary.suppression, ruleEnum: true),
            ]),
            "rect": object(["type": .string("array"), "items": object(["type": .string("number")]),
                            "minItems": .int(4), "maxItems": .int(4)]),
            "sourceReference": object(["type": .string("string"), "pattern": .string("^.+:[0-9]+(:[0-9]+)?$")]),
            "controller": object([
                "description": .string("a view controller; null is a plain content controller"),
                "anyOf": .array([object(["type": .string("null")]), mapping(SpecVocabulary.controller)]),
            ]),
            "transition": object([
                "description": .string("a storyboard segue (segue, from, to) or the UIKit calls the code makes (calls, and from: the controller whose control runs them)"),
                "allOf": .array([
                    mapping(SpecVocabulary.transition),
                    object(["oneOf": .array([
                        object(["required": .array(["segue", "from", "to"].map(JSONValue.string)),
                                "not": object(["required": .array([.string("calls")])])]),
                        object(["required": .array([.string("calls")]),
                                "not": object(["anyOf": .array(["segue", "to"].map { object(["required": .array([.string($0)])]) })])]),
                    ])]),
                ]),
            ]),
            "scenario": mapping(SpecVocabulary.scenario),
            "steps": object(["type": .string("array"), "items": ref("step")]),
            "expectations": object([
                "allOf": .array([mapping(SpecVocabulary.expectations), object(["minProperties": .int(1)])]),
            ]),
        ]
        definitions["step"] = stepSchema()
        return object([
            "$schema": .string(draft),
            "$id": .string(base + "vcaudit-spec.schema.json"),
            "title": .string("vcaudit spec (format v1)"),
            "description": .string("A vcaudit spec: an app's view controllers, the transitions its code performs and scenarios to replay (docs/spec-format.md)."),
            "type": .string("object"),
            "properties": properties(SpecVocabulary.topLevel),
            "required": .array(SpecVocabulary.topLevel.filter(\.required).map { .string($0.name.description) }),
            "additionalProperties": .bool(false),
            "$defs": .object(definitions),
        ])
    }

    /// A step: a bare word (`launch`), or a one-key mapping (plus `ignore`) whose key is the step's name.
    static func stepSchema() -> JSONValue {
        var alternatives: [JSONValue] = [object([
            "enum": .array(SpecVocabulary.steps.filter(\.bare).map { .string($0.name.description) }),
            "description": .string("a step without arguments"),
        ])]
        for step in SpecVocabulary.steps {
            let name = step.name.description
            let arguments: JSONValue
            switch name {
            case "device": arguments = object(["enum": .array(Device.allCases.map { .string($0.rawValue) })])
            case "simultaneously": arguments = object(["type": .string("array"), "items": ref("step"), "minItems": .int(2)])
            case "expect": arguments = ref("expectations")
            default:
                var forms = [mapping(step.keys)]
                if step.bare { forms.insert(object(["type": .string("null")]), at: 0) }
                if let shorthand = step.shorthand, let key = step.keys.first(where: { $0.name.description == shorthand.description }) {
                    forms.insert(schema(key.type), at: 0)
                }
                arguments = forms.count == 1 ? forms[0] : object(["anyOf": .array(forms)])
            }
            var described = arguments
            if case .object(var members) = described {
                members["description"] = .string(step.summary)
                described = .object(members)
            }
            alternatives.append(object([
                "type": .string("object"),
                "properties": object([name: described, "ignore": ref("suppressions")]),
                "required": .array([.string(name)]),
                "additionalProperties": .bool(false),
            ]))
        }
        return object(["description": .string("a step: one run-loop turn"), "oneOf": .array(alternatives)])
    }

    // MARK: Configuration

    static var configuration: JSONValue {
        let rules = object(["enum": .array(RuleCatalog.identifiers.map(JSONValue.string))])
        let ruleList = object(["type": .string("array"), "items": rules])
        let paths = object(["type": .string("array"), "items": object(["type": .string("string")]),
                            "description": .string("paths or glob patterns (* within a component, ** across, ? one character)")])
        let properties: [String: JSONValue] = [
            "disabled_rules": described(ruleList, "rules that do not run"),
            "only_rules": described(ruleList, "when not empty, exactly these rules run"),
            "severities": object([
                "type": .string("object"),
                "description": .string("a severity per rule id: error, warning or info"),
                "propertyNames": rules,
                "additionalProperties": object(["enum": .array(["error", "warning", "info"].map(JSONValue.string))]),
            ]),
            "included": described(paths, "what 'vcaudit check' checks when given no path"),
            "excluded": described(paths, "left out of the check"),
            "devices": object(["type": .string("array"), "items": object(["enum": .array(Device.allCases.map { .string($0.rawValue) })]),
                               "description": .string("replay every scenario on each device")]),
            "strict": object(["type": .string("boolean"), "description": .string("warnings fail the run too")]),
            "baseline": object(["type": .string("string"), "description": .string("a baseline file: its findings are left out")]),
            "explore": object([
                "description": .string("check also explores every user path from launch: true (depth 6) or a depth"),
                "anyOf": .array([object(["type": .string("boolean")]),
                                 object(["type": .string("integer"), "minimum": .int(1), "maximum": .int(50)])]),
            ]),
            "explore_events": object(["type": .string("boolean"),
                                      "description": .string("check explores with code paths run as events the system may deliver (implies explore)")]),
            "explore_double_taps": object(["type": .string("boolean"),
                                           "description": .string("exploring tries the double tap (default true; false when the app's controls ignore a "
                                                                  + "second tap while their transition runs)")]),
        ]
        return object([
            "$schema": .string(draft),
            "$id": .string(base + "vcaudit-config.schema.json"),
            "title": .string("vcaudit configuration (.vcaudit.yml)"),
            "type": .string("object"),
            "properties": .object(properties),
            "additionalProperties": .bool(false),
            "not": object(["required": .array([.string("only_rules"), .string("disabled_rules")])]),
        ])
    }

    // MARK: Building blocks

    static func object(_ members: [String: JSONValue]) -> JSONValue { .object(members) }

    static func ref(_ name: String) -> JSONValue { object(["$ref": .string("#/$defs/\(name)")]) }

    static func described(_ value: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members["description"] = .string(description)
        return .object(members)
    }

    /// Each key's schema, and each alias's: the same value, described as another spelling of the key.
    static func properties(_ keys: [SpecVocabulary.Key]) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for key in keys {
            let name = key.name.description
            members[name] = described(schema(key.type), key.summary)
            for alias in key.aliases {
                members[alias.description] = described(schema(key.type), "another spelling of '\(name)': \(key.summary)")
            }
        }
        return .object(members)
    }

    /// A mapping with exactly `keys` (the required ones required; one with aliases in exactly one spelling).
    static func mapping(_ keys: [SpecVocabulary.Key], ruleEnum: Bool = false) -> JSONValue {
        var members: [String: JSONValue] = [
            "type": .string("object"),
            "properties": properties(keys),
            "additionalProperties": .bool(false),
        ]
        if ruleEnum, case .object(var props) = members["properties"]! {
            props["rule"] = described(object(["enum": .array(RuleCatalog.identifiers.map(JSONValue.string))]), "the rule id")
            members["properties"] = .object(props)
        }
        let required = keys.filter { $0.required && $0.aliases.isEmpty }.map { JSONValue.string($0.name.description) }
        if !required.isEmpty { members["required"] = .array(required) }
        let spelled = keys.filter { $0.required && !$0.aliases.isEmpty }.map { key in
            object(["oneOf": .array(([key.name] + key.aliases).map { object(["required": .array([.string($0.description)])]) })])
        }
        if spelled.count == 1, case .object(let oneOf) = spelled[0] {
            members.merge(oneOf) { _, new in new }
        } else if !spelled.isEmpty {
            members["allOf"] = .array(spelled)
        }
        return .object(members)
    }

    static func schema(_ type: SpecVocabulary.ValueType) -> JSONValue {
        switch type {
        case .string: return object(["type": .string("string")])
        case .stringOrNull: return object(["type": .array([.string("string"), .string("null")])])
        case .bool: return object(["type": .string("boolean")])
        case .integer(let range):
            return range.lowerBound == range.upperBound ? object(["const": .int(range.lowerBound)])
                : object(["type": .string("integer"), "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)])
        case .choice(let words): return object(["enum": .array(words.map(JSONValue.string))])
        case .controller: return ref("controllerId")
        case .controllerOrNull: return ref("controllerIdOrNull")
        case .controllers: return ref("controllerIds")
        case .transition: return object(["type": .string("string"), "description": .string("a transition declared under 'transitions:'")])
        case .suppressions: return ref("suppressions")
        case .rect: return ref("rect")
        case .sourceReference: return ref("sourceReference")
        case .strings: return object(["type": .string("array"), "items": object(["type": .string("string")])])
        case .mapping(let keys): return mapping(keys)
        case .controllerDeclarations: return object(["type": .string("object"), "additionalProperties": ref("controller")])
        case .transitionDeclarations: return object(["type": .string("object"), "additionalProperties": ref("transition")])
        case .scenarios: return object(["type": .string("array"), "items": ref("scenario")])
        case .step: return ref("step")
        case .steps: return ref("steps")
        case .expectations: return ref("expectations")
        case .controllerDeclaration: return ref("controller")
        case .transitionDeclaration: return ref("transition")
        case .scenario: return ref("scenario")
        }
    }
}
