extension DesignTokens {
    /// The pairs of colours Home Assistant's frontend draws one on the other, and what each must
    /// reach: text on the page and on cards, the primary colour's label on it, controls and
    /// states on cards and on the page. Dividers are decoration, which WCAG does not measure.
    public static let contrastPairs: [ContrastPair] = {
        var pairs: [ContrastPair] = []
        for background in ["primary-background-color", "card-background-color"] {
            pairs.append(ContrastPair("primary-text-color", on: background, .text))
            pairs.append(ContrastPair("secondary-text-color", on: background, .text))
            pairs.append(ContrastPair("error-color", on: background, .text))
            for control in ["primary-color", "accent-color", "warning-color", "success-color", "info-color", "state-on-color"] {
                pairs.append(ContrastPair(control, on: background, .largeTextAndUI))
            }
        }
        pairs.append(ContrastPair("text-primary-color", on: "primary-color", .text))
        return pairs
    }()

    /// Every pair of ``contrastPairs`` in both schemes, measured; a pair with a token this set
    /// does not have is left out.
    public func contrastFindings() -> [ContrastFinding] {
        ColorScheme.allCases.flatMap { scheme in
            Self.contrastPairs.compactMap { pair in
                guard let foreground = color(pair.foreground, in: scheme), let background = color(pair.background, in: scheme) else { return nil }
                return ContrastFinding(scheme: scheme, pair: pair, foreground: foreground, background: background)
            }
        }
    }
}
