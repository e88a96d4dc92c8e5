import OrdersScreens

/// The part of `orders --help` about the full-screen app, generated from the default keymap.
enum InteractiveHelp {
    static var text: String {
        """
        Keys in the full-screen app (vim-style and arrow keys both work):
        \(AppKeymap.helpText(AppKeymap.defaults()))

        Settings: $XDG_CONFIG_HOME/orders/config.json (else ~/.config/orders/config.json), e.g.
          {"theme": "light", "mouse": false, "highValueThreshold": "500", "autoAdvance": true,
           "defaultSort": "total:desc", "keys": {"order.cancel": ["X"], "list.mark": ["space", "m"]}}
        A broken file is reported inside the app and the defaults are used.
        Themes: dark, light, monochrome. NO_COLOR=1 turns colour off; the selection stays reverse video.
        Mouse: on by default (click selects, double-click opens, wheel scrolls, click a status tab);
        M turns it off, so the terminal can select text again (most terminals: Shift-drag).
        Copy (y) uses OSC 52, which works over ssh; inside tmux enable `set -g set-clipboard on`
        (or `allow-passthrough on`).
        """
    }
}
