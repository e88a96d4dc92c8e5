/// How sending one fact can end short of the shop's yes.
package enum ShopPushError: Error, Sendable, Hashable {
    /// No answer came (a 5xx, a timeout, a dropped connection): the shop may have the fact or not.
    /// The fact stays waiting with its attempt counted; before it is sent again the shop is asked.
    case lostAnswer(String)
    /// The shop said no (GraphQL `userErrors`, an HTTP 4xx): its words, kept on the fact, which is
    /// never sent again by itself.
    case refused(String)
}
