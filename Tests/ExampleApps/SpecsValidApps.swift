// The app classes the specs of Specs/valid name, declared like ExampleApps.swift: declarations only, each with the
// UIKit superclass its kind implies, the outlets the specs use as popover anchors, and an `init()` for the page view
// controllers made in code (UIPageViewController has none of its own).

import UIKit

// MARK: - controllers-all-kinds.yaml

class AtelierTabBarController: UITabBarController {}
class LibraryViewController: UIViewController {
    var infoButton: UIView!
}
class CollectionViewController: UIViewController {}
class SpreadReaderViewController: UIPageViewController {
    init() {
        super.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: UIPageViewController.SpineLocation.mid.rawValue])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
class ReaderPageViewController: UIViewController {}
class AtlasViewController: UIPageViewController {
    init() {
        super.init(transitionStyle: .pageCurl, navigationOrientation: .horizontal, options: [.spineLocation: UIPageViewController.SpineLocation.max.rawValue])
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
class MapPageViewController: UIViewController {}
class StudioViewController: UIViewController {}
class PreviewPageViewController: UIPageViewController {
    init() {
        super.init(transitionStyle: .scroll, navigationOrientation: .horizontal)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
class PreviewViewController: UIViewController {}
class ArchiveSplitViewController: UISplitViewController {}
class ArchiveListViewController: UIViewController {}
class ArchiveDetailViewController: UIViewController {}
class ExportViewController: UIViewController {}
class NewProjectViewController: UIViewController {}
class RenameViewController: UIViewController {}
class SwatchEditorViewController: UIViewController {}
class ColorWheelViewController: UIViewController {}
class TourViewController: UIViewController {}
class BrushPickerViewController: UIViewController {}
class LayersViewController: UIViewController {}
class ZoomViewController: UIViewController {}
class AboutViewController: UIViewController {}

// MARK: - expectations.yaml

class ReaderTabBarController: UITabBarController {}
class ArticleListViewController: UIViewController {}
class ArticleViewController: UIViewController {}
class SidebarHostViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
class SidebarPanelViewController: UIViewController {}
class SettingsViewController: UIViewController {}

// MARK: - minimal.yaml


// MARK: - restoration.yaml

class RecipeListViewController: UIViewController {}
class FavoritesViewController: UIViewController {}
class CookingModeViewController: UIViewController {}

// MARK: - segues.yaml

class PodcastsSplitViewController: UISplitViewController {}
class PodcastListViewController: UIViewController {}
class EpisodeListViewController: UIViewController {}
class NoEpisodeViewController: UIViewController {}
class EpisodeViewController: UIViewController {
    var speedButton: UIView!
}
class ChapterListViewController: UIViewController {}
class TranscriptViewController: UIViewController {}
class PlaybackSpeedViewController: UIViewController {}
class WelcomeViewController: UIViewController {}

// MARK: - steps-containment.yaml

class HomeContainerViewController: UIViewController {}
class StationListViewController: UIViewController {}
class StationSearchViewController: UIViewController {}
class PromoBannerViewController: UIViewController {}
class MiniPlayerViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
class PlayerControlsViewController: UIViewController {}

// MARK: - steps-navigation.yaml

class MailTabBarController: UITabBarController {}
class MailboxesViewController: UIViewController {}
class InboxViewController: UIViewController {}
class MessageViewController: UIViewController {}
class ThreadViewController: UIViewController {}
class MonthViewController: UIViewController {}
class DayViewController: UIViewController {}
class TipsPageViewController: UIPageViewController {
    init() {
        super.init(transitionStyle: .scroll, navigationOrientation: .horizontal)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
class TipViewController: UIViewController {}
class TipVideoViewController: UIViewController {}

// MARK: - steps-presentation.yaml

class PhotoEditorViewController: UIViewController {}
class AlbumPickerViewController: UIViewController {}
class PhotoInfoViewController: UIViewController {}
class FilterBarViewController: UIViewController {}
class LightboxViewController: UIViewController {}
class WhatsNewViewController: UIViewController {}

// MARK: - suppressions.yaml

class AttachmentViewController: UIViewController {}
class ComposeViewController: UIViewController {}
class ToastViewController: UIViewController {}

// MARK: - swift-keyword-ids.yaml

class KeywordHomeViewController: UIViewController {}
class KeywordDetailViewController: UIViewController {}

// MARK: - storyboard-scenes.yaml

class FieldTabBarController: UITabBarController {}
class JournalViewController: UIViewController {}
class RegionListViewController: UIViewController {}
class RegionMapViewController: UIViewController {}
class GalleryViewController: UIViewController {}
class ThumbnailGridViewController: UIViewController {}
class ComposeNoteViewController: UIViewController {}
