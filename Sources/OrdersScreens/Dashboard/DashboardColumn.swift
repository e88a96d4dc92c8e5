import OrdersCore
import OrdersPresentation
import TermRender

/// One column of panels, top to bottom, each as tall as the layout gives it.
struct DashboardColumn: View {
    let model: DashboardModel
    let panels: [DashboardPanel]

    var body: some View {
        VStack(spacing: 0) {
            ForEach(panels, id: \.self) { panel in
                DashboardPanelView(panel: panel, heading: model.heading(of: panel), content: model.panels[panel],
                                   items: model.shownItems(of: panel) ?? [],
                                   selection: model.focus.panel == panel ? model.selectedItemIndex : nil,
                                   selectionText: model.focus.panel == panel ? model.selectionText : nil)
                    .frame(height: model.layout.rows(of: panel))
            }
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
    }
}
