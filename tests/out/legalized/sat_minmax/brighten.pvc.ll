define dllexport void @brighten(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <32 x i8> @llvm.genx.oword.ld.v32i8(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x i8> @llvm.genx.uuadd.sat.v32i8.v32i8.v32i8(<32 x i8> %v2, <32 x i8> <i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40, i8 40>)
  call void @llvm.genx.oword.st.v32i8(i32 %arg0, i32 %v1, <32 x i8> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i8> @llvm.genx.oword.ld.v32i8(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i8(i32, i32, <32 x i8>)
declare <32 x i8> @llvm.genx.uuadd.sat.v32i8.v32i8.v32i8(<32 x i8>, <32 x i8>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @brighten, !"brighten", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
