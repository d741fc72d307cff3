package org.strategylab.chat.tools;

import java.util.regex.Pattern;

/**
 * The kinds of action that change what the user keeps, on the site or in StrategyLab. A tool that
 * takes one ({@link AgentTool#userAction()}) runs only when the user's own message in the turn asks
 * for that kind of action, so text the model read elsewhere (a web page, a publication, a gene
 * record, a catalogue description) cannot make it act for the user.
 *
 * <p>The rule is deliberately simple: the message holds one of the kind's words. It lets through
 * what the user said in their own words and nothing that only a tool result said; a refusal costs
 * the user one sentence ("yes, save it").
 */
public enum UserAction {

    /** Putting the strategy on the site, in the user's account ({@code push_strategy}). */
    SAVE_ON_SITE("put the strategy on the site, in the user's account",
            "\\b(?:save|saved|saving|push|upload|publish|download)\\b|\\bput\\s+(?:it|this|that|them|the\\s+strategy)\\s+on\\b"
                    + "|\\b(?:on|to|in)\\s+(?:the\\s+site|veupathdb|plasmodb|toxodb|my\\s+account)\\b",
            "save it on the site"),

    /** Saving a step's genes as a gene set the user owns ({@code export_gene_set}). */
    EXPORT_GENE_SET("save the genes as a gene set the user owns",
            "\\bgene[\\s-]?(?:set|list)s?\\b|\\bexport\\w*\\b|\\bcontrol\\s+set\\b", "export the genes as a gene set"),

    /** Running a parameter optimisation, kept as an experiment the user owns ({@code optimize_search_parameters}). */
    OPTIMISE("run a parameter optimisation on the site and keep its trials as an experiment",
            "\\boptimi[sz]\\w*|\\btun(?:e|es|ed|ing)\\b|\\bsweep\\w*|\\bcalibrat\\w*"
                    + "|\\bbest\\s+(?:value|setting|threshold|cut-?off|parameter)s?\\b",
            "optimise that parameter"),

    /**
     * Running a strategy discovery from control genes on the site, kept as a discovery the user owns
     * ({@code discover_strategy}).
     */
    DISCOVER("run a strategy discovery from control genes on the site (many searches counted against them)",
            "\\bdiscover\\w*|\\bpropos\\w*|\\bsuggest\\w*|\\bseparat\\w*|\\bdistinguish\\w*|\\bdiscriminat\\w*"
                    + "|\\bmore\\s+(?:genes\\s+)?like\\s+(?:these|those|them|my)\\b|\\bfrom\\s+(?:my|these|the)\\s+(?:control\\s+)?genes\\b",
            "find the strategy that separates my genes"),

    /** Deleting a step of the user's strategy ({@code delete_step}). */
    DELETE_STEP("delete a step of the strategy",
            "\\b(?:delete|remove|drop|discard|replace|undo|clear)\\b|\\bget\\s+rid\\s+of\\b|\\bstart\\s+over\\b",
            "delete that step");

    private final String what;
    private final Pattern asked;
    private final String example;

    UserAction(String what, String asked, String example) {
        this.what = what;
        this.asked = Pattern.compile(asked, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        this.example = example;
    }

    /** Whether the user's message asks for this kind of action. */
    public boolean askedIn(String userMessage) {
        return userMessage != null && asked.matcher(userMessage).find();
    }

    /** What the action does, for the refusal. */
    public String what() {
        return what;
    }

    /** The refusal a tool of this kind answers when the user did not ask: the model relays it. */
    public String refusal(String toolName) {
        return toolName + " was not run: it would " + what + ", and the user's own message in this turn did not ask"
                + " for that. Nothing was changed. Tell the user what you would do and ask them; they can say so"
                + " (for example \"" + example + "\").";
    }
}
