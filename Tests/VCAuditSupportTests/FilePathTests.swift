import Testing
import VCAuditSupport

/// `FilePath` gives one file one name however it was typed, and names it from another folder.
@Suite("File paths")
struct FilePathTests {
    @Test("tidying takes out '.', repeated and trailing slashes and each folder/.. pair; leading '..' stays",
          arguments: [
              ("Specs/a.yaml", "Specs/a.yaml"), ("./Specs/a.yaml", "Specs/a.yaml"), ("Specs//a.yaml", "Specs/a.yaml"),
              ("Specs/../Specs/a.yaml", "Specs/a.yaml"), ("Specs/x/../a.yaml", "Specs/a.yaml"), ("Specs/", "Specs"),
              (".", "."), ("./", "."), ("a/..", "."), ("../a", "../a"), ("../../a/./b", "../../a/b"), ("a/../../b", "../b"),
              ("/x/./y/../z", "/x/z"), ("/..", "/"), ("/", "/"),
          ])
    func tidy(path: String, tidied: String) {
        #expect(FilePath.tidy(path) == tidied)
    }

    @Test("the folder of a path", arguments: [
        ("a.yaml", "."), ("Specs/a.yaml", "Specs"), ("./Specs/a.yaml", "Specs"), ("../.vcaudit.yml", ".."),
        ("/repo/.vcaudit.yml", "/repo"), ("/a", "/"), (".", ".."), ("..", "../.."),
    ])
    func folder(path: String, folder: String) {
        #expect(FilePath.folder(of: path) == folder)
    }

    @Test("joining keeps an absolute path and tidies the rest")
    func joined() {
        #expect(FilePath.joined("..", "Specs") == "../Specs")
        #expect(FilePath.joined(".", "./Specs/") == "Specs")
        #expect(FilePath.joined("..", "/abs/Specs") == "/abs/Specs")
        #expect(FilePath.joined("/repo/app", "../x") == "/repo/x")
    }

    @Test("the shortest name from the working directory: up and back down again is taken out; absolute paths stay absolute")
    func shortest() {
        let cwd = "/repo/app/Specs/Drafts"
        #expect(FilePath.shortest("../Drafts/draft.yaml", workingDirectory: cwd) == "draft.yaml")
        #expect(FilePath.shortest("../a.yaml", workingDirectory: cwd) == "../a.yaml")
        #expect(FilePath.shortest("./x/../b.yaml", workingDirectory: cwd) == "b.yaml")
        #expect(FilePath.shortest("/repo/app/Specs/a.yaml", workingDirectory: cwd) == "/repo/app/Specs/a.yaml")
    }

    @Test("a path relative to a folder, each read from the working directory when relative")
    func relative() {
        let cwd = "/repo/app/Specs"
        #expect(FilePath.relative("../Specs/shop.yaml", to: ".", workingDirectory: cwd) == "shop.yaml")
        #expect(FilePath.relative("shop.yaml", to: "..", workingDirectory: cwd) == "Specs/shop.yaml")
        #expect(FilePath.relative("/repo/app/Specs/shop.yaml", to: "/repo/app", workingDirectory: cwd) == "Specs/shop.yaml")
        #expect(FilePath.relative("/repo/other/a.yaml", to: "/repo/app", workingDirectory: cwd) == "../other/a.yaml")
        #expect(FilePath.relative("..", to: "..", workingDirectory: cwd) == ".")
        #expect(FilePath.relative("/", to: "/repo", workingDirectory: cwd) == "..")
    }
}
