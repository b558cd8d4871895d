import Testing
@testable import VCAuditReplay

/// Custom containers: the add and remove dance, detached views, manual appearance forwarding,
/// `transition(from:to:)`, and what UIKit raises or logs when containment goes wrong.
@Suite("Custom containment")
struct ContainmentTests {
    static let app = """
        vcaudit: 1
        controllers:
          palette: { kind: container, children: [red] }
          red:
          green:
          blue:
          manual: { kind: container, forwardsAppearance: false }
          swatch:
          holder: { kind: container }
        window: palette
        transitions:
          redToGreen:
            calls:
              - willMove: { child: red, parent: null }
              - removeFromSuperview: red
              - removeFromParent: red
              - addChild: { parent: palette, child: green }
              - addSubview: { view: green, to: palette }
              - didMove: { child: green, parent: palette }
          crossFade:
            calls:
              - willMove: { child: red, parent: null }
              - addChild: { parent: palette, child: blue }
              - transition: { parent: palette, from: red, to: blue }
              - removeFromParent: red
              - didMove: { child: blue, parent: palette }
          showManual:
            calls:
              - addChild: { parent: palette, child: manual }
              - addSubview: { view: manual, to: palette }
              - didMove: { child: manual, parent: palette }
          addSwatch:
            calls:
              - addChild: { parent: manual, child: swatch }
              - beginAppearance: { vc: swatch, appearing: true, animated: false }
              - addSubview: { view: swatch, to: manual }
              - endAppearance: swatch
              - didMove: { child: swatch, parent: manual }
        """

    @Test func theAddAndRemoveDance() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: redToGreen
            """,
            events: launchEvents("palette", "red") + """
            2   willMoveToParent red
            2   removeFromSuperview red parent=palette
            2   viewWillDisappear red
            2   viewDidDisappear red
            2   removeFromParent red parent=palette
            2   didMoveToParent red
            2   addChild palette child=green
            2   willMoveToParent green parent=palette
            2   addSubview green parent=palette
            2   viewWillAppear green
            2   viewDidAppear green
            2   didMoveToParent green parent=palette
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: green>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: red>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func transitionFromToSwapsTheViewsAndRunsItsCompletionBlockAfterTheAnimation() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: crossFade
            """,
            events: launchEvents("palette", "red") + """
            2   willMoveToParent red
            2   addChild palette child=blue
            2   willMoveToParent blue parent=palette
            2   transitionFromViewController palette from=red to=blue animated
            2   viewWillDisappear red
            2   addSubview blue parent=palette
            2   viewWillAppear blue
            2   animationDidStart palette reason=transition
            2   animationDidComplete palette reason=transition
            2   removeFromSuperview red parent=palette
            2   viewDidDisappear red
            2   viewDidAppear blue
            2   removeFromParent red parent=palette
            2   didMoveToParent red
            2   didMoveToParent blue parent=palette
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: blue>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: red>, state: disappeared, view: not mounted
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func transitionInAScenarioStepCompletesAtTheEndOfTheStep() {
        assertReplay(Self.app, steps: """
            - launch
            - addChild: { parent: palette, child: blue }
            - transition: { parent: palette, from: red, to: blue, animated: false }
            """,
            events: launchEvents("palette", "red") + """
            2 addChild palette child=blue
            2 willMoveToParent blue parent=palette
            3 transitionFromViewController palette from=red to=blue
            3 viewWillDisappear red
            3 addSubview blue parent=palette
            3 viewWillAppear blue
            3 removeFromSuperview red parent=palette
            3 viewDidDisappear red
            3 viewDidAppear blue
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: disappeared, view: not mounted
               | <UIViewController: blue>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func transitionBetweenControllersWithoutACommonParentRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - transition: { parent: palette, from: red, to: blue }
            """,
            events: launchEvents("palette", "red") + """
            2 exception palette from=red to=blue reason=transition_without_common_parent — Children view controllers <UIViewController: red> and <UIViewController: blue> must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aViewAddedWithoutAddChildIsDetachedAndGetsNoCallbacks() {
        assertReplay(Self.app, steps: """
            - launch
            - addSubview: { view: green, to: palette }
            - removeFromSuperview: green
            """,
            events: launchEvents("palette", "red") + """
            2 addSubview green parent=palette
            3 removeFromSuperview green parent=palette
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func presentingFromADetachedControllerWarnsAndPresents() {
        assertReplay(Self.app, steps: """
            - launch
            - addSubview: { view: green, to: palette }
            - present: { vc: blue, from: green, style: overFullScreen, animated: false }
            """,
            events: launchEvents("palette", "red") + """
            2 addSubview green parent=palette
            3 warning blue presenter=green source=green reason=detached_presenter — Presenting view controller <UIViewController: blue> from detached view controller <UIViewController: green> is not supported, and may result in incorrect safe area insets and a corrupt root presentation. Make sure <UIViewController: green> is in the view controller hierarchy before presenting from it. Will become a hard exception in a future release.
            3 present green presenter=green presented=blue style=overFullScreen
            3 viewWillAppear blue
            3 viewDidAppear blue
            3 presentationDidComplete blue presenter=green
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: in window, DETACHED (view inside palette without addChild)
               + <UIViewController: blue>, state: appeared, view: in window, presented: overFullScreen
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func presentingAControllerWhoseViewIsInTheWindowRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - addSubview: { view: green, to: palette }
            - present: { vc: green, from: red }
            """,
            events: launchEvents("palette", "red") + """
            2 addSubview green parent=palette
            3 exception green source=red reason=active_controller — Application tried to present modally an active controller <UIViewController: green>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: in window, DETACHED (view inside palette without addChild)
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func aContainerThatDoesNotForwardAppearanceForwardsByHand() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: showManual
            - perform: addSwatch
            - beginAppearance: { vc: swatch, appearing: false }
            - removeFromSuperview: manual
            - endAppearance: swatch
            """,
            events: launchEvents("palette", "red") + """
            2   addChild palette child=manual
            2   willMoveToParent manual parent=palette
            2   addSubview manual parent=palette
            2   viewWillAppear manual
            2   viewDidAppear manual
            2   didMoveToParent manual parent=palette
            3   addChild manual child=swatch
            3   willMoveToParent swatch parent=manual
            3   beginAppearanceTransition swatch appearing
            3   viewWillAppear swatch
            3   addSubview swatch parent=manual
            3   endAppearanceTransition swatch appearing
            3   viewDidAppear swatch
            3   didMoveToParent swatch parent=manual
            4 beginAppearanceTransition swatch disappearing animated
            4 viewWillDisappear swatch
            5 removeFromSuperview manual parent=palette
            5 viewWillDisappear manual
            5 viewDidDisappear manual
            6 endAppearanceTransition swatch disappearing
            6 viewDidDisappear swatch
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
               | <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
               |    | <UIViewController: swatch>, state: disappeared, view: mounted, not in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func unbalancedManualAppearanceCalls() {
        assertReplay(Self.app, steps: """
            - launch
            - perform: showManual
            - addChild: { parent: manual, child: swatch }
            - beginAppearance: { vc: swatch, appearing: true }
            - beginAppearance: { vc: swatch, appearing: true }
            - endAppearance: swatch
            - endAppearance: swatch
            """,
            events: launchEvents("palette", "red") + """
            2   addChild palette child=manual
            2   willMoveToParent manual parent=palette
            2   addSubview manual parent=palette
            2   viewWillAppear manual
            2   viewDidAppear manual
            2   didMoveToParent manual parent=palette
            3 addChild manual child=swatch
            3 willMoveToParent swatch parent=manual
            4 beginAppearanceTransition swatch appearing animated
            4 viewWillAppear swatch
            5 warning swatch appearing reason=unbalanced_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: swatch>.
            5 beginAppearanceTransition swatch appearing animated
            5 viewWillAppear swatch
            6 endAppearanceTransition swatch appearing
            6 viewDidAppear swatch
            7 warning swatch reason=unbalanced_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: swatch>.
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
               | <UIViewController: manual>, state: appeared, view: in window, forwards appearance: no
               |    | <UIViewController: swatch>, state: appeared, view: not mounted
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func manualForwardingDuringAnAutomaticTransitionIsUnbalanced() {
        assertReplay(Self.app, steps: """
            - launch
            - simultaneously:
                - present: { vc: blue, from: palette, style: fullScreen }
                - beginAppearance: { vc: red, appearing: false }
            - endAppearance: red
            """,
            events: launchEvents("palette", "red") + """
            2   present palette presenter=palette presented=blue style=fullScreen animated
            2   viewWillDisappear palette
            2   viewWillDisappear red
            2   viewWillAppear blue
            2   animationDidStart palette reason=presentation
            2   warning red disappearing reason=unbalanced_appearance — Unbalanced calls to begin/end appearance transitions for <UIViewController: red>.
            2   beginAppearanceTransition red disappearing animated
            2   viewWillDisappear red
            2   animationDidComplete palette reason=presentation
            2   viewDidAppear blue
            2   viewDidDisappear palette
            2   viewDidDisappear red
            2   presentationDidComplete blue presenter=palette
            3 endAppearanceTransition red disappearing
            3 viewDidDisappear red
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: disappeared, view: removed (covered by blue)
               | <UIViewController: red>, state: disappeared, view: mounted, not in window
               + <UIViewController: blue>, state: appeared, view: in window, presented: fullScreen
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func removeFromParentLeavesTheViewWhereItIs() {
        assertReplay(Self.app, steps: """
            - launch
            - removeFromParent: red
            - removeFromParent: red
            """,
            events: launchEvents("palette", "red") + """
            2 removeFromParent red parent=palette
            2 didMoveToParent red
            3 removeFromParent red
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: red>, state: appeared, view: in window, DETACHED (view inside palette without addChild)
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            """)
    }

    @Test func addChildOfAChildOfAnotherParentMovesItWhenItsViewIsGone() {
        assertReplay(Self.app, steps: """
            - launch
            - removeFromSuperview: red
            - addChild: { parent: holder, child: red }
            """,
            events: launchEvents("palette", "red") + """
            2 removeFromSuperview red parent=palette
            2 viewWillDisappear red
            2 viewDidDisappear red
            3 removeFromParent red parent=palette
            3 didMoveToParent red
            3 addChild holder child=red
            3 willMoveToParent red parent=holder
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
               | <UIViewController: red>, state: disappeared, view: not mounted
            """)
    }

    @Test func addChildOfAChildWhoseViewIsStillInItsParentRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - addChild: { parent: holder, child: red }
            """,
            events: launchEvents("palette", "red") + """
            2 exception red parent=palette to=holder reason=reparented_without_removal — child view controller:<UIViewController: red> should have parent view controller:<UIViewController: palette> but requested parent is:<UIViewController: holder>
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func makingAControllerItsOwnAncestorRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - addChild: { parent: red, child: palette }
            """,
            events: launchEvents("palette", "red") + """
            2 exception red child=palette reason=containment_cycle — <UIViewController: palette> cannot become a child of <UIViewController: red>: it would contain itself (containment cycle)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func addingAViewToItselfRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - addSubview: { view: red, to: red }
            """,
            events: launchEvents("palette", "red") + """
            2 exception red parent=red reason=add_self_as_subview — Can't add self as subview
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }

    @Test func addingAViewIntoAViewItContainsRaises() {
        assertReplay(Self.app, steps: """
            - launch
            - addSubview: { view: palette, to: red }
            """,
            events: launchEvents("palette", "red") + """
            2 exception palette parent=red reason=view_hierarchy_cycle — Cannot add the view of <UIViewController: palette> into the view of <UIViewController: red>, which is inside it (the view hierarchy would contain a cycle)
            """,
            tree: """
            window (key and visible; width compact, height regular)
            <UIViewController: palette>, state: appeared, view: in window
               | <UIViewController: red>, state: appeared, view: in window
            not in the window's hierarchy:
            <UIViewController: green>, state: disappeared, view: not mounted
            <UIViewController: blue>, state: disappeared, view: not mounted
            <UIViewController: manual>, state: disappeared, view: not mounted, forwards appearance: no
            <UIViewController: swatch>, state: disappeared, view: not mounted
            <UIViewController: holder>, state: disappeared, view: not mounted
            (the app crashed: UIKit raised an exception)
            """)
    }
}
