extension Collection {
    /// `compactMap` into an array with room for every element from the start.
    ///
    /// Decoding drops an item only when it has an error, so sizing the array
    /// for all of them saves the regrowth (a copy and a free per doubling).
    func compactMapReserved<T>(_ transform: (Element) -> T?) -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for element in self {
            if let value = transform(element) { result.append(value) }
        }
        return result
    }
}
