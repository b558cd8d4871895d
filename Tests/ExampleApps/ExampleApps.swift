// The app classes the Examples' specs name (`class:`), declared against the UIKit stand-in so the golden generated
// tests type-check on Linux. Like the stand-in, declarations only: each class's UIKit superclass is the one its
// spec's `kind:` implies. The goldens import this module the way a real test target imports its app
// (`vcaudit generate tests --app-module ExampleApps`).

import UIKit

// MARK: - Wonderland

class WonderlandTabBarController: UITabBarController {}
class HomeViewController: UIViewController {}
class CharacterListViewController: UIViewController {}
class CharacterDetailViewController: UIViewController {}
class BookPageViewController: UIPageViewController {
    var authorItem: UIBarButtonItem?
}
class ChapterPageViewController: UIViewController {}
class AuthorInfoViewController: UIViewController {}

// MARK: - ColorSwapper

class PaletteViewController: UIViewController {
    // Popover anchors (Specs/valid/controllers-all-kinds.yaml).
    var brushButton: UIView!
    var layersItem: UIBarButtonItem!
}
class ColorViewController: UIViewController {}
class ColorMixerViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
class SwatchViewController: UIViewController {}

// MARK: - Notes

class NotesSplitViewController: UISplitViewController {}
class FolderListViewController: UIViewController {}
class NoteListViewController: UIViewController {}
class NoSelectionViewController: UIViewController {}
class NoteEditorViewController: UIViewController {}

// MARK: - Bugs

class DashboardViewController: UIViewController {}
class ForecastWidgetViewController: UIViewController {}
class SignInViewController: UIViewController {}
class RatingPromptViewController: UIViewController {}
class AccountViewController: UIViewController {}
class CheckoutViewController: UIViewController {}
class LoadingOverlayViewController: UIViewController {}
class FeedViewController: UIViewController {}
class PostViewController: UIViewController {}
class CatalogViewController: UIViewController {}
class ProductViewController: UIViewController {}
class CartViewController: UIViewController {}
class OrderListViewController: UIViewController {}
class OrderDetailViewController: UIViewController {}
class RecipeViewController: UIViewController {}
class MapViewController: UIViewController {}
class SearchCardViewController: UIViewController {}
class FiltersViewController: UIViewController {}
class ProfileViewController: UIViewController {}
class AccountSettingsViewController: UIViewController {}
class PrivacySettingsViewController: UIViewController {}
class StoriesContainerViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
class StoryViewController: UIViewController {}
