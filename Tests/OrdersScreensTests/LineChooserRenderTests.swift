import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import TermRender
import TermRenderTesting
import Testing

/// The line chooser over the detail of the three-line order, as whole screens: the highlighted line,
/// the quantities ("2 of 2", "skip"), the tracking number being typed, and a refusal in the danger style.
@MainActor
@Suite("Line chooser rendering")
struct LineChooserRenderTests {
    nonisolated static let hints = AppKeymap.lineChooserHints(AppKeymap.defaults(), purpose: .fulfil)

    /// The chooser of the detailed order, second line highlighted and skipped, the cable down to 5 of 12.
    static func chooser() throws -> LineChooser {
        var chooser = try #require(LineChooser(fulfilling: ScreenFixtures.detailedOrder))
        chooser.moveSelection(by: 1)
        chooser.toggleSkip()
        chooser.moveSelection(by: 1)
        for _ in 0..<7 { chooser.decrease() }
        chooser.moveSelection(by: -1)
        return chooser
    }

    static func sheet(refusal: String? = nil) throws -> LineChooserSheet {
        LineChooserSheet(chooser: try chooser(), text: "1Z999AA1", cursor: 8, refusal: refusal, hints: hints)
    }

    @Test("the chooser: lines with what is chosen, the highlighted one in the selection style, the tracking field",
          arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func chooser(size: Size) async throws {
        let sheet = try Self.sheet()
        let backend = try await ModalRenderTests.render(size: size) { $0.lineChooser(sheet) }
        expectScreenSnapshot(backend, named: "line-chooser-\(size)")
        #expect(try Self.chooser().choices.map(\.quantityText) == ["2 of 2", "skip", "5 of 12"])
        // The chooser's row, not the detail's own line table behind it (shown at 200 columns).
        let y = try #require(backend.screenLines.firstIndex { $0.contains("MS-ERG-01") && $0.contains("skip") })
        let x = try ModalRenderTests.column(of: "MS-ERG-01", in: backend, row: y)
        #expect(backend.style(x: x, y: y).background == Theme.dark.selectedRow.background)
        #expect(try ModalRenderTests.row(containing: "Tracking number: 1Z999AA1", in: backend) > y)
        #expect(try ModalRenderTests.row(containing: "7 units of 2 lines chosen", in: backend) > y)
    }

    @Test("monochrome: the highlighted line in reverse video, a refusal bold, no colour anywhere")
    func monochrome() async throws {
        let sheet = try Self.sheet(refusal: "1 × MS-ERG-01 cannot be sent: 1 bought, 1 already sent, so at most 0")
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24), theme: .monochrome, capability: .none) {
            $0.lineChooser(sheet)
        }
        expectScreenSnapshot(backend, named: "line-chooser-monochrome-80x24")
        let y = try ModalRenderTests.row(containing: "MS-ERG-01", in: backend)
        let x = try ModalRenderTests.column(of: "MS-ERG-01", in: backend, row: y)
        #expect(backend.style(x: x, y: y).attributes.contains(.reverse))
        let refusal = try ModalRenderTests.row(containing: "cannot be sent", in: backend)
        #expect(backend.style(x: try ModalRenderTests.column(of: "cannot be sent", in: backend, row: refusal), y: refusal) == Theme.monochrome.danger)
        for row in 0..<24 {
            for x in 0..<80 {
                let style = backend.style(x: x, y: row)
                #expect(style.foreground == .default && style.background == .default, "colour at \(x),\(row)")
            }
        }
    }

    /// The refund chooser of the detailed order: one keyboard of two, the shipping included, restock on,
    /// a reason being typed; its Enter worded "refund", its own keys in the hints.
    static func refundSheet(refusal: String? = nil) throws -> LineChooserSheet {
        var chooser = try #require(LineChooser(refunding: ScreenFixtures.detailedOrder))
        chooser.increase()
        chooser.toggleShipping()
        chooser.toggleRestock()
        return LineChooserSheet(chooser: chooser, text: "arrived broken", cursor: 14, refusal: refusal,
                                hints: AppKeymap.lineChooserHints(AppKeymap.defaults(), purpose: .refund),
                                optionHints: AppKeymap.lineChooserOptionHints(AppKeymap.defaults(), purpose: .refund))
    }

    @Test("refunding: the lines with what comes back, the reason, shipping and restock, the amount; Enter is \"refund\"",
          arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func refundChooser(size: Size) async throws {
        let sheet = try Self.refundSheet()
        let backend = try await ModalRenderTests.render(size: size) { $0.lineChooser(sheet) }
        expectScreenSnapshot(backend, named: "refund-chooser-\(size)")
        let title = try ModalRenderTests.row(containing: "Refund lines of", in: backend)
        let y = try #require(backend.screenLines.firstIndex { $0.contains("KB-MX-BRN") && $0.contains("1 of 2") })
        #expect(y > title)
        let x = try ModalRenderTests.column(of: "KB-MX-BRN", in: backend, row: y)
        #expect(backend.style(x: x, y: y).background == Theme.dark.selectedRow.background)
        #expect(try ModalRenderTests.row(containing: "Reason: arrived broken", in: backend) > y)
        let money = ScreenFixtures.detailedOrder.currency
        let shipping = "\(money.plainText(ScreenFixtures.detailedOrder.shipping)) \(money.code)"
        #expect(try ModalRenderTests.row(containing: "Shipping \(shipping): refunded   Restock: yes", in: backend) > y)
        // One keyboard at what it is worth given back, plus the shipping. The $10.00 discount by price (25,800, 4,950,
        // 11,988 cents; 42,738): 603, 115, 280 with rests 28,986, 35,130, 21,360, the 2 cents left to the mouse and the
        // keyboards: 604, 116, 280. The $41.68 tax by price after discount (25,196, 4,834, 11,708; 41,738): 2,516,
        // 482, 1,169 with rests 4,120, 30,396, 7,222, the cent left to the mouse. The keyboards: 25,800 − 604 + 2,516 =
        // 27,712, 13,856 a unit; with $7.50 of shipping, 146.06.
        #expect(try ModalRenderTests.row(containing: "1 unit of 1 line chosen: 146.06 \(money.code)", in: backend) > y)
        #expect(try ModalRenderTests.row(containing: "enter refund", in: backend) > y)
        #expect(try ModalRenderTests.row(containing: "ctrl-o shipping", in: backend) > y)
    }

    @Test("refunding in monochrome: the highlighted line in reverse video, a refusal bold, no colour anywhere")
    func refundMonochrome() async throws {
        let sheet = try Self.refundSheet(refusal: "136.50 is more than was paid and not yet given back")
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24), theme: .monochrome, capability: .none) {
            $0.lineChooser(sheet)
        }
        expectScreenSnapshot(backend, named: "refund-chooser-monochrome-80x24")
        let y = try ModalRenderTests.row(containing: "KB-MX-BRN", in: backend)
        #expect(backend.style(x: try ModalRenderTests.column(of: "KB-MX-BRN", in: backend, row: y), y: y).attributes.contains(.reverse))
        let refusal = try ModalRenderTests.row(containing: "more than was paid", in: backend)
        #expect(backend.style(x: try ModalRenderTests.column(of: "more than was paid", in: backend, row: refusal), y: refusal)
                == Theme.monochrome.danger)
        for row in 0..<24 {
            for x in 0..<80 {
                let style = backend.style(x: x, y: row)
                #expect(style.foreground == .default && style.background == .default, "colour at \(x),\(row)")
            }
        }
    }
}
