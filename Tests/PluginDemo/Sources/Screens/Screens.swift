/// The screens `app.yaml` declares; in an app these would be the view controllers.
public enum Screens {
    public static let names = ["tabs", "homeNav", "home", "detail", "settings"]
}
