// SwiftPM runs a target's build plugins only when the target has a Swift file of its own.

extension Orders.Item {
    /// An order line for an item of the catalog: two types named `Item`, from two documents, side by side.
    /// - Parameters:
    ///   - item: The catalog's item.
    ///   - quantity: How many.
    public init(_ item: Catalog.Item, quantity: Int) {
        self.init(sku: item.sku, quantity: quantity)
    }
}
