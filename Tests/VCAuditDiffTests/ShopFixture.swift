import Foundation
@testable import VCAuditDiff
import VCAuditReplay
import VCAuditRules
import VCAuditSpec

/// Two versions of a small shop app, shared by the diff tests (their findings are the rules' own).
///
/// From OLD to NEW: `Browse a product` moves `perform: embedCard` after the
/// pop (a moved block) and fixes a wrong expectation; `Check out` presents
/// `checkout` full screen instead of as a page sheet (callbacks inserted, an
/// expectation now fails); `Show a banner` loses its `didMove` call (a new
/// `missing_did_move_to_parent` finding);
/// `Open the cart` is removed and `Search` added. `Check out` has an
/// expectation that fails in both versions (an unchanged finding).
enum ShopFixture {
    static let old = """
vcaudit: 1
app: Shop
controllers:
  tabs: { kind: tabBar, children: [homeNav, cartNav] }
  homeNav: { kind: navigation, root: home }
  home: { class: HomeViewController }
  product: { class: ProductViewController }
  cartNav: { kind: navigation, root: cart }
  cart: { class: CartViewController }
  checkout: { class: CheckoutViewController, modalPresentationStyle: pageSheet }
  card: { class: CardViewController }
  banner: { class: BannerViewController }
window: tabs
transitions:
  showProduct: { segue: show, from: home, to: product }
  embedCard:
    calls:
      - addChild: { parent: home, child: card }
      - addSubview: { view: card, to: home }
      - didMove: { child: card, parent: home }
scenarios:
  - name: Browse a product
    steps:
      - launch
      - perform: embedCard
      - perform: showProduct
      - expect: { top: { nav: homeNav, vc: home } }
      - pop: homeNav
  - name: Check out
    steps:
      - launch
      - select: cartNav
      - expect: { selected: { tabs: tabs, vc: homeNav } }
      - present: { vc: checkout, from: cart }
      - expect: { appearance: { vc: cart, state: appeared } }
      - dismiss: checkout
  - name: Show a banner
    steps:
      - launch
      - simultaneously:
          - addChild: { parent: cart, child: banner }
          - addSubview: { view: banner, to: cart }
          - didMove: { child: banner, parent: cart }
  - name: Open the cart
    steps:
      - launch
      - select: cartNav
"""

    static let new = """
vcaudit: 1
app: Shop
controllers:
  tabs: { kind: tabBar, children: [homeNav, cartNav] }
  homeNav: { kind: navigation, root: home }
  home: { class: HomeViewController }
  product: { class: ProductViewController }
  cartNav: { kind: navigation, root: cart }
  cart: { class: CartViewController }
  checkout: { class: CheckoutViewController, modalPresentationStyle: fullScreen }
  card: { class: CardViewController }
  banner: { class: BannerViewController }
window: tabs
transitions:
  showProduct: { segue: show, from: home, to: product }
  embedCard:
    calls:
      - addChild: { parent: home, child: card }
      - addSubview: { view: card, to: home }
      - didMove: { child: card, parent: home }
scenarios:
  - name: Browse a product
    steps:
      - launch
      - perform: showProduct
      - expect: { top: { nav: homeNav, vc: product } }
      - pop: homeNav
      - perform: embedCard
  - name: Check out
    steps:
      - launch
      - select: cartNav
      - expect: { selected: { tabs: tabs, vc: homeNav } }
      - present: { vc: checkout, from: cart }
      - expect: { appearance: { vc: cart, state: appeared } }
      - dismiss: checkout
  - name: Show a banner
    steps:
      - launch
      - simultaneously:
          - addChild: { parent: cart, child: banner }
          - addSubview: { view: banner, to: cart }
  - name: Search
    steps:
      - launch
      - select: homeNav
"""

    /// A folder side built from in-memory specs: `path/key` for each spec.
    static func side(_ path: String, specs: [(key: String, yaml: String)]) -> DiffSide {
        var side = DiffSide(path: path, kind: .folder)
        for (key, yaml) in specs {
            let file = path + "/" + key
            let loaded = SpecLoader.load(bytes: Array(yaml.utf8), path: file)
            guard let spec = loaded.spec else {
                side.errors += loaded.diagnostics.map(\.description)
                continue
            }
            side.add(spec, key: key, source: file)
        }
        return side
    }

    static var oldSide: DiffSide { side("old", specs: [("shop.yaml", old)]) }
    static var newSide: DiffSide { side("new", specs: [("shop.yaml", new)]) }

    static var report: DiffReport { DiffEngine.compare(oldSide, newSide) }
}
