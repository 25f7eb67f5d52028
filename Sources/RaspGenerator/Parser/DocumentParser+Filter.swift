/// The names a document has that a filter may name: every operationId, tag and path, kept or not.
struct FilterNames {
    var operations: Set<String> = []
    var tags: Set<String> = []
    var paths: Set<String> = []
}

/// The config's filter (``DocumentFilter``), on the document model: names it gives that the document lacks are
/// errors at their place in the config, and the schemas no kept operation uses are left out.
///
/// The operations are filtered as they are read (``DocumentParser/parseOperations()``); what is left out of the
/// schemas is decided here, once every operation is read: the transitive closure of the references the kept
/// operations' parameters, request bodies and responses make, and of the filter's own `schemas`, is kept. Three
/// things count as references besides `$ref`: a discriminator's mapping, and (for a base schema with a
/// discriminator) the components that extend it with `allOf`, since the base's type is a union of them.
extension DocumentParser {
    /// Reports each name of the filter the document does not have.
    /// - Parameter names: What the document's operations have (the filter's check reads every operation's
    ///   `operationId` and tags, kept or not).
    func checkFilter(against names: FilterNames) {
        guard let filter = config.filter else { return }
        var names = names
        // A tag the document declares counts, used or not.
        for item in root["tags"]?.sequence?.items ?? [] {
            if let name = item.mapping?["name"]?.scalar?.value { names.tags.insert(name) }
        }
        for id in filter.operations where !names.operations.contains(id) {
            filterError("operation '\(id)', which the document does not have", list: "operations", name: id)
        }
        for tag in filter.tags where !names.tags.contains(tag) {
            filterError("tag '\(tag)', which no operation of the document has", list: "tags", name: tag)
        }
        for path in filter.paths where !names.paths.contains(path) {
            filterError("path '\(path)', which the document does not have", list: "paths", name: path)
        }
    }

    /// An error about a name the filter gives, at its place in the config (when the config was read from a file).
    private func filterError(_ what: String, list: String, name: String) {
        let mark = config.path == nil ? nil : config.filter?.mark(list, name)
        var diagnostic = Diagnostic(.error, "the config's filter names \(what)", at: mark)
        diagnostic.file = mark == nil ? nil : config.path
        diagnostics.error(diagnostic)
    }

    /// Leaves out the schemas the filter does not keep: their entries lose their name, so nothing is declared for
    /// them (nothing kept refers to them, so no reference is left dangling).
    /// - Parameter operations: The operations the filter kept.
    func applyFilter(keeping operations: [Operation]) {
        guard let filter = config.filter else { return }
        var kept = Set<Int>()
        var pending: [Schema] = []
        func reach(_ index: Int) {
            if kept.insert(index).inserted { pending.append(schemaEntries[index].schema) }
        }
        // Follows every reference of the pending schemas and of what they reach.
        func drain() {
            while let schema = pending.popLast() {
                if let target = schema.ref?.target { reach(target) }
                pending += schema.properties.map(\.schema)
                pending += schema.itemsStorage + schema.allOf + schema.oneOf + schema.anyOf
                pending += schema.contentSchemaStorage
                if let additional = schema.additionalProperties?.schema { pending.append(additional) }
                for target in schema.discriminator?.mapping.compactMap(\.target) ?? [] { reach(target) }
            }
        }
        for operation in operations {
            pending += operation.parameters.map(\.schema)
            for media in (operation.requestBody?.content ?? []) + operation.responses.flatMap(\.content) {
                pending += [media.schema, media.itemSchema].compactMap { $0 }
            }
        }
        for name in filter.schemas {
            if let index = schemaEntries.firstIndex(where: { $0.isComponent && $0.name == name }) {
                reach(index)
            } else {
                filterError("schema '\(name)', which the document's components do not have", list: "schemas",
                            name: name)
            }
        }
        // The components that extend each base with `allOf`, for the bases with a discriminator.
        var extensions: [Int: [Int]] = [:]
        for (index, entry) in schemaEntries.enumerated() where entry.name != nil {
            for part in entry.schema.allOf {
                if let base = part.ref?.target, schemaEntries[base].schema.discriminator != nil {
                    extensions[base, default: []].append(index)
                }
            }
        }
        drain()
        // Extensions of kept bases, and what they use, until nothing more is reached.
        var grew = true
        while grew {
            grew = false
            for (base, children) in extensions where kept.contains(base) {
                for child in children where !kept.contains(child) {
                    reach(child)
                    grew = true
                }
            }
            drain()
        }
        for index in schemaEntries.indices where !kept.contains(index) {
            schemaEntries[index].name = nil
            schemaEntries[index].isComponent = false
        }
    }
}
