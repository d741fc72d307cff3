package org.strategylab.evaluation.report;

import org.strategylab.evaluation.model.ConfusionMatrix;

import java.util.List;

import static org.strategylab.evaluation.report.Html.esc;
import static org.strategylab.evaluation.report.Html.fmt;

/**
 * Inline SVG charts drawn with presentation attributes only (no style attributes, no scripts, no
 * external references), so they render under a Content-Security-Policy that forbids inline styles
 * other than the one hashed style sheet.
 */
final class SvgCharts {
    private static final int W = 420;
    private static final int H = 260;
    private static final int L = 48;
    private static final int R = 12;
    private static final int T = 12;
    private static final int B = 40;

    private SvgCharts() {
    }

    /** A 2×2 confusion matrix, cell shade proportional to the count. */
    static String confusionMatrix(ConfusionMatrix m) {
        int[][] cells = {{m.truePositives(), m.falseNegatives()}, {m.falsePositives(), m.trueNegatives()}};
        String[][] names = {{"TP", "FN"}, {"FP", "TN"}};
        int max = Math.max(1, Math.max(Math.max(cells[0][0], cells[0][1]), Math.max(cells[1][0], cells[1][1])));
        StringBuilder s = new StringBuilder();
        s.append("<svg role=\"img\" aria-label=\"Confusion matrix\" width=\"300\" height=\"230\" viewBox=\"0 0 300 230\">");
        s.append("<text x=\"190\" y=\"16\" text-anchor=\"middle\" font-size=\"12\">Predicted</text>");
        s.append("<text x=\"135\" y=\"34\" text-anchor=\"middle\" font-size=\"12\">+</text>");
        s.append("<text x=\"245\" y=\"34\" text-anchor=\"middle\" font-size=\"12\">\u2212</text>");
        s.append("<text x=\"20\" y=\"140\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 20 140)\">Actual</text>");
        s.append("<text x=\"60\" y=\"95\" text-anchor=\"middle\" font-size=\"12\">+</text>");
        s.append("<text x=\"60\" y=\"195\" text-anchor=\"middle\" font-size=\"12\">\u2212</text>");
        for (int r = 0; r < 2; r++) {
            for (int c = 0; c < 2; c++) {
                double shade = 0.15 + 0.75 * cells[r][c] / max;
                int x = 80 + c * 110;
                int y = 40 + r * 100;
                s.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"108\" height=\"98\" fill=\"%s\" fill-opacity=\"%.3f\"/>",
                        x, y, r == c ? "#2e7d32" : "#c62828", shade));
                s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\">%s</text>", x + 54, y + 42,
                        names[r][c]));
                s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"18\" font-weight=\"bold\">%d</text>",
                        x + 54, y + 66, cells[r][c]));
            }
        }
        return s.append("</svg>").toString();
    }

    /** A line chart of (x, y) points, the x axis spanning the data. */
    static String lineChart(String title, String xLabel, String yLabel, double[] xs, double[] ys, Double yMax) {
        return lineChart(title, xLabel, yLabel, xs, ys, yMax, false);
    }

    /**
     * A line chart of (x, y) points. When {@code xIsRate}, the x axis is fixed to [0, 1] (a rate such as recall
     * can lie nowhere else, and a data-spanning axis would stretch a single point into a meaningless range).
     */
    static String lineChart(String title, String xLabel, String yLabel, double[] xs, double[] ys, Double yMax,
            boolean xIsRate) {
        if (xs.length == 0) {
            return "";
        }
        double xMin = xIsRate ? 0 : xs[0];
        double xMax = xIsRate ? 1 : xs[0];
        double yTop = yMax == null ? 0 : yMax;
        for (int i = 0; i < xs.length && !xIsRate; i++) {
            xMin = Math.min(xMin, xs[i]);
            xMax = Math.max(xMax, xs[i]);
        }
        for (int i = 0; i < xs.length; i++) {
            if (yMax == null) {
                yTop = Math.max(yTop, ys[i]);
            }
        }
        if (xMax == xMin) {
            xMax = xMin + 1;
        }
        if (yTop <= 0) {
            yTop = 1;
        }
        StringBuilder s = frame(title, xLabel, yLabel, fmt("%.3g", xMin), fmt("%.3g", xMax), fmt("%.2f", yTop));
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            double px = L + (xs[i] - xMin) / (xMax - xMin) * (W - L - R);
            double py = H - B - ys[i] / yTop * (H - T - B);
            path.append(i == 0 ? "M" : "L").append(fmt("%.1f %.1f", px, py));
        }
        s.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\"/>");
        if (xs.length <= 60) {
            for (int i = 0; i < xs.length; i++) {
                double px = L + (xs[i] - xMin) / (xMax - xMin) * (W - L - R);
                double py = H - B - ys[i] / yTop * (H - T - B);
                s.append(fmt("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1565c0\"/>", px, py));
            }
        }
        return s.append("</svg>").toString();
    }

    /** Horizontal bars, one per label. */
    static String barChart(String title, String valueLabel, List<String> labels, double[] values) {
        if (labels.isEmpty()) {
            return "";
        }
        double max = 0;
        for (double v : values) {
            max = Math.max(max, v);
        }
        if (max <= 0) {
            max = 1;
        }
        int rowH = 20;
        int height = 30 + rowH * labels.size();
        int labelW = 170;
        int width = 560;
        StringBuilder s = new StringBuilder(fmt("<svg role=\"img\" aria-label=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">",
                esc(title), width, height, width, height));
        s.append(fmt("<text x=\"%d\" y=\"14\" font-size=\"12\">%s</text>", labelW, esc(valueLabel)));
        List<String> shown = BarLabels.shortened(labels, BarLabels.MAX_CHARS);
        for (int i = 0; i < labels.size(); i++) {
            int y = 22 + i * rowH;
            double w = values[i] / max * (width - labelW - 70);
            String label = shown.get(i);
            // The full label stays readable as a tooltip when the visible one is shortened.
            s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"11\"><title>%s</title>%s</text>",
                    labelW - 6, y + 13, esc(labels.get(i)), esc(label)));
            s.append(fmt("<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#6a1b9a\"/>", labelW, y + 2,
                    Math.max(0.5, w), rowH - 6));
            s.append(fmt("<text x=\"%.1f\" y=\"%d\" font-size=\"11\">%.2f</text>", labelW + w + 4, y + 13, values[i]));
        }
        return s.append("</svg>").toString();
    }

    /** Intervals (lower, mean, upper) on a 0..max axis, one row each. */
    static String intervalChart(String title, List<String> names, double[] lower, double[] mean, double[] upper) {
        if (names.isEmpty()) {
            return "";
        }
        double max = 1;
        for (double u : upper) {
            max = Math.max(max, u);
        }
        int rowH = 20;
        int labelW = 150;
        int width = 560;
        int height = 36 + rowH * names.size();
        double scale = (width - labelW - 20) / max;
        StringBuilder s = new StringBuilder(fmt("<svg role=\"img\" aria-label=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">",
                esc(title), width, height, width, height));
        for (int i = 0; i < names.size(); i++) {
            int y = 12 + i * rowH + rowH / 2;
            s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"11\">%s</text>", labelW - 6, y + 4,
                    esc(names.get(i))));
            s.append(fmt("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#455a64\" stroke-width=\"2\"/>",
                    labelW + lower[i] * scale, y, labelW + upper[i] * scale, y));
            s.append(fmt("<circle cx=\"%.1f\" cy=\"%d\" r=\"3.5\" fill=\"#e65100\"/>", labelW + mean[i] * scale, y));
        }
        int axisY = height - 18;
        s.append(fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", labelW, axisY, width - 20, axisY));
        s.append(fmt("<text x=\"%d\" y=\"%d\" font-size=\"10\">0</text>", labelW, axisY + 12));
        s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"10\">%.2f</text>", width - 20, axisY + 12, max));
        return s.append("</svg>").toString();
    }

    /** One optimisation trial as the trial chart draws it. */
    record TrialPoint(int trialNumber, double score, String parameters, boolean best, boolean complete) {
    }

    /**
     * Optimisation trials as points: score (y) by trial number (x), the best trial ringed, failed or
     * rejected trials hollow. The score axis runs from min(0, lowest) to max(1, highest), so rates
     * read on their own 0–1 scale and a negative MCC or an enrichment above 1 still fits. Each point
     * carries a tooltip with its trial number, parameters and score.
     */
    static String trialChart(String title, String objective, List<TrialPoint> trials) {
        if (trials.isEmpty()) {
            return "";
        }
        int first = trials.get(0).trialNumber();
        int last = first;
        double low = 0;
        double high = 1;
        for (TrialPoint t : trials) {
            first = Math.min(first, t.trialNumber());
            last = Math.max(last, t.trialNumber());
            low = Math.min(low, t.score());
            high = Math.max(high, t.score());
        }
        double xMin = first - 0.5;
        double xMax = last + 0.5;
        StringBuilder s = frame(title, "trial", objective, Integer.toString(first), Integer.toString(last),
                fmt("%.2f", high), low < 0 ? fmt("%.2f", low) : "0");
        if (low < 0) {
            // where a score of 0 lies, so a negative score (MCC, Youden's J) reads as below it
            double zero = H - B - (0 - low) / (high - low) * (H - T - B);
            s.append(fmt("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#bbb\" stroke-dasharray=\"3 3\"/>",
                    L, zero, W - R, zero));
        }
        for (TrialPoint t : trials) {
            double px = L + (t.trialNumber() - xMin) / (xMax - xMin) * (W - L - R);
            double py = H - B - (t.score() - low) / (high - low) * (H - T - B);
            s.append(fmt("<circle class=\"trial%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\">",
                    t.best() ? " best" : "", px, py, t.best() ? "5" : "3.5", t.complete() ? "#1565c0" : "none",
                    t.best() ? "#e65100" : "#1565c0", t.best() ? "2.5" : "1"));
            s.append("<title>").append(esc(fmt("trial %d: %s \u2192 %s %.4f", t.trialNumber(), t.parameters(),
                    objective, t.score()))).append("</title></circle>");
        }
        return s.append("</svg>").toString();
    }

    private static StringBuilder frame(String title, String xLabel, String yLabel, String xMin, String xMax, String yTop) {
        return frame(title, xLabel, yLabel, xMin, xMax, yTop, "0");
    }

    /** The axes and their end labels; {@code yBottom} is the value at the foot of the y axis. */
    private static StringBuilder frame(String title, String xLabel, String yLabel, String xMin, String xMax, String yTop,
                                       String yBottom) {
        StringBuilder s = new StringBuilder(fmt("<svg role=\"img\" aria-label=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">",
                esc(title), W, H, W, H));
        s.append(fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", L, H - B, W - R, H - B));
        s.append(fmt("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", L, T, L, H - B));
        s.append(fmt("<text x=\"%d\" y=\"%d\" font-size=\"10\">%s</text>", L, H - B + 14, esc(xMin)));
        s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"10\">%s</text>", W - R, H - B + 14, esc(xMax)));
        s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"10\">%s</text>", L - 4, T + 8, esc(yTop)));
        s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"10\">%s</text>", L - 4, H - B, esc(yBottom)));
        s.append(fmt("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">%s</text>", (L + W - R) / 2, H - 8,
                esc(xLabel)));
        s.append(fmt("<text x=\"14\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 %d)\">%s</text>",
                (T + H - B) / 2, (T + H - B) / 2, esc(yLabel)));
        return s;
    }
}
