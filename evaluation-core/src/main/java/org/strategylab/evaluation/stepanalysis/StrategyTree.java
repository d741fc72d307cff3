package org.strategylab.evaluation.stepanalysis;

import org.strategylab.evaluation.model.StepTreeNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Pure operations on immutable strategy trees: traversal, branch extraction, ablation, patching. */
public final class StrategyTree {
    private StrategyTree() {
    }

    /** Leaves in pre-order (node, primary, secondary). */
    public static List<StepTreeNode> leaves(StepTreeNode root) {
        List<StepTreeNode> out = new ArrayList<>();
        visit(root, n -> n.isLeaf(), out);
        return out;
    }

    /** Combine nodes in pre-order. */
    public static List<StepTreeNode> combines(StepTreeNode root) {
        List<StepTreeNode> out = new ArrayList<>();
        visit(root, StepTreeNode::isCombine, out);
        return out;
    }

    private static void visit(StepTreeNode n, java.util.function.Predicate<StepTreeNode> keep, List<StepTreeNode> out) {
        if (n == null) {
            return;
        }
        if (keep.test(n)) {
            out.add(n);
        }
        visit(n.primaryInput(), keep, out);
        visit(n.secondaryInput(), keep, out);
    }

    /** Whether the subtree holds the node (by identity). */
    public static boolean contains(StepTreeNode root, StepTreeNode node) {
        if (root == null) {
            return false;
        }
        return root == node || contains(root.primaryInput(), node) || contains(root.secondaryInput(), node);
    }

    /**
     * The leaf's branch: from the root, combine nodes are dropped (descending into the side holding
     * the leaf) and transforms are kept around the extracted child, so the leaf is evaluated with its
     * ancestor transforms (spec 4.5.14 phase 1).
     */
    public static StepTreeNode branchOf(StepTreeNode root, StepTreeNode leaf) {
        if (root == leaf) {
            return leaf;
        }
        if (root.isCombine()) {
            return branchOf(contains(root.primaryInput(), leaf) ? root.primaryInput() : root.secondaryInput(), leaf);
        }
        if (root.isTransform()) {
            return root.withInputs(branchOf(root.primaryInput(), leaf), null);
        }
        throw new IllegalArgumentException("leaf not in tree");
    }

    /**
     * The tree without the leaf: its parent combine is replaced by the sibling subtree, and a
     * transform whose input disappears is removed too. Null when nothing is left.
     */
    public static StepTreeNode withoutLeaf(StepTreeNode root, StepTreeNode leaf) {
        if (root == null || root == leaf) {
            return null;
        }
        if (root.isCombine()) {
            StepTreeNode p = withoutLeaf(root.primaryInput(), leaf);
            StepTreeNode s = withoutLeaf(root.secondaryInput(), leaf);
            if (p == null) {
                return s;
            }
            if (s == null) {
                return p;
            }
            return p == root.primaryInput() && s == root.secondaryInput() ? root : root.withInputs(p, s);
        }
        if (root.isTransform()) {
            StepTreeNode p = withoutLeaf(root.primaryInput(), leaf);
            return p == null ? null : p == root.primaryInput() ? root : root.withInputs(p, null);
        }
        return root;
    }

    /** The tree with {@code target} (by identity) replaced by {@code change.apply(target)}. */
    public static StepTreeNode replace(StepTreeNode root, StepTreeNode target, UnaryOperator<StepTreeNode> change) {
        if (root == null) {
            return null;
        }
        if (root == target) {
            return change.apply(root);
        }
        StepTreeNode p = replace(root.primaryInput(), target, change);
        StepTreeNode s = replace(root.secondaryInput(), target, change);
        return p == root.primaryInput() && s == root.secondaryInput() ? root : root.withInputs(p, s);
    }

    /** The node with this id, first in pre-order, or null. */
    public static StepTreeNode find(StepTreeNode root, String id) {
        if (root == null) {
            return null;
        }
        if (id.equals(root.id())) {
            return root;
        }
        StepTreeNode p = find(root.primaryInput(), id);
        return p != null ? p : find(root.secondaryInput(), id);
    }
}
