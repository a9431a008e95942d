define dllexport void @unaligned(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 5
  %v2 = add i32 %v1, %arg2
  %v3 = and i32 %v2, -4
  %v4 = call <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32 0, i32 %arg0, i32 %v3)
  call void @llvm.genx.fence.i8(i8 1)
  %v6 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v6, <8 x i32> %v4)
  ret void
}

declare void @llvm.genx.fence.i8(i8)
declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.unaligned.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @unaligned, !"unaligned", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
