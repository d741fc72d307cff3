package org.strategylab.chat.agent;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.strategylab.chat.tools.AgentTool;

/** Every tool class of the service, made without CDI: what a tool declares needs none of its injections. */
final class ToolClasses {

    private ToolClasses() {
    }

    /** One instance of each tool class, its injected fields and constructor arguments left empty. */
    static List<AgentTool> all() {
        List<AgentTool> tools = new ArrayList<>();
        for (JavaClass type : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.strategylab.chat")) {
            if (!type.isAssignableTo(AgentTool.class) || type.isInterface() || type.isAnonymousClass()
                    || type.isInnerClass() || type.getModifiers().contains(JavaModifier.ABSTRACT)) {
                continue;
            }
            try {
                Constructor<?> constructor = type.reflect().getDeclaredConstructors()[0];
                constructor.setAccessible(true);
                tools.add((AgentTool) constructor.newInstance(new Object[constructor.getParameterCount()]));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make " + type.getName(), e);
            }
        }
        tools.sort(Comparator.comparing(AgentTool::name));
        return tools;
    }
}
