define dllexport void @second(i32 %arg0, i16 %arg1, i64 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = zext i16 %arg1 to i32
  %v2 = add i32 %v0, %v1
  %v3 = call <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %arg0, i32 %v2)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v2, <8 x i32> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i16, i64)* @second, !"second", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t", !"", !""}
