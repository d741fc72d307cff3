package org.strategylab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The optimisation trial chart, read back as the SVG document a browser parses. */
class TrialChartTest {

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void oneCirclePerTrialHigherScoresHigherUpBestRingedAndNamed() throws Exception {
        List<SvgCharts.TrialPoint> trials = List.of(
                new SvgCharts.TrialPoint(1, 0.25, "step-1:min_tm = 1", false, true),
                new SvgCharts.TrialPoint(2, 0.75, "step-1:min_tm = 3", true, true),
                new SvgCharts.TrialPoint(3, 0.0, "step-1:min_tm = 7 & <9>", false, false));
        Document svg = parse(SvgCharts.trialChart("Score per trial", "mcc", trials));

        Element root = svg.getDocumentElement();
        assertEquals("svg", root.getTagName());
        assertEquals("Score per trial", root.getAttribute("aria-label"));
        NodeList circles = root.getElementsByTagName("circle");
        assertEquals(3, circles.getLength());
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < circles.getLength(); i++) {
            Element c = (Element) circles.item(i);
            xs.add(Double.parseDouble(c.getAttribute("cx")));
            ys.add(Double.parseDouble(c.getAttribute("cy")));
        }
        assertTrue(xs.get(0) < xs.get(1) && xs.get(1) < xs.get(2), "trials left to right: " + xs);
        assertTrue(ys.get(1) < ys.get(0) && ys.get(0) < ys.get(2), "a higher score is drawn higher: " + ys);
        Element best = (Element) circles.item(1);
        assertTrue(best.getAttribute("class").contains("best"));
        assertEquals("none", ((Element) circles.item(2)).getAttribute("fill"), "a failed trial is hollow");
        String tooltip = best.getElementsByTagName("title").item(0).getTextContent();
        assertTrue(tooltip.contains("trial 2") && tooltip.contains("min_tm = 3") && tooltip.contains("mcc"), tooltip);
        assertTrue(((Element) circles.item(2)).getElementsByTagName("title").item(0).getTextContent().contains("& <9>"));
        // the y axis is labelled with the objective the user chose
        boolean labelled = false;
        NodeList texts = root.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            labelled |= "mcc".equals(texts.item(i).getTextContent());
        }
        assertTrue(labelled, "the score axis names the objective");
    }

    @Test
    void negativeScoresStayInsideThePlot() throws Exception {
        Document svg = parse(SvgCharts.trialChart("Score per trial", "mcc", List.of(
                new SvgCharts.TrialPoint(1, -0.5, "a = 1", false, true),
                new SvgCharts.TrialPoint(2, 0.5, "a = 2", true, true))));
        NodeList circles = svg.getElementsByTagName("circle");
        for (int i = 0; i < circles.getLength(); i++) {
            double cy = Double.parseDouble(((Element) circles.item(i)).getAttribute("cy"));
            assertTrue(cy >= 0 && cy <= 260, "inside the 260-high chart: " + cy);
        }
        List<String> labels = new ArrayList<>();
        NodeList texts = svg.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            labels.add(texts.item(i).getTextContent());
        }
        assertTrue(labels.contains("-0.50"), "the foot of the score axis is the lowest score: " + labels);
        assertEquals(1, svg.getElementsByTagName("line").getLength() - 2, "a line marks a score of 0");
    }

    @Test
    void noTrialsNoChart() {
        assertEquals("", SvgCharts.trialChart("Score per trial", "f1", List.of()));
    }
}
